import { buildApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { TestDatabase } from './test-db.js';

/**
 * The app on `db`'s database, migrated, for `work` to seed it before the tests' server
 * processes start on it; closed, with its database, once `work` is done.
 */
export async function withAppOn<T>(
  db: TestDatabase,
  env: Record<string, string>,
  work: (app: App) => Promise<T>,
): Promise<T> {
  const config = loadConfig({
    DATA_DIR: db.dataDir,
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    LOG_LEVEL: 'silent',
    DEMO_LIBRARY: '0',
    LIVE_FANOUT_PROCESSES: '0',
    ...env,
  });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const app = await buildApp({ config, database });
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
