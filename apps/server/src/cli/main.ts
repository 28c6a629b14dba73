import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { keepDataPrivate } from '../db/private-data.js';
import { migrateToLatest, SchemaTooNewError } from '../db/migrate.js';
import { upgradeBackup } from '../db/upgrade-backup.js';
import { HttpError } from '../lib/http-error.js';
import { UsageError } from './args.js';
import { BACKUP_USAGE, backupCommand, RESTORE_USAGE, restoreCommand } from './backup.js';
import { IMPORT_USAGE, importCommand } from './import.js';
import { USER_CREATE_USAGE, userCreate } from './user-create.js';
import { USER_ROLE_USAGE, userRole } from './user-role.js';

/** Commands that work on the station's data as it is, without building the app or migrating. */
const DATA_COMMANDS = { backup: backupCommand, restore: restoreCommand } as const;

const COMMANDS = {
  'user-create': userCreate,
  'user-role': userRole,
  import: importCommand,
} as const;

/** Command-line entry: `node dist/cli.js <command> [options]`, same env as the server. */
async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const run = COMMANDS[command as keyof typeof COMMANDS] as
    (typeof COMMANDS)[keyof typeof COMMANDS] | undefined;
  const data = DATA_COMMANDS[command as keyof typeof DATA_COMMANDS] as
    (typeof DATA_COMMANDS)[keyof typeof DATA_COMMANDS] | undefined;
  if (!run && !data) {
    const names = [...Object.keys(COMMANDS), ...Object.keys(DATA_COMMANDS)];
    const usages = [USER_CREATE_USAGE, USER_ROLE_USAGE, IMPORT_USAGE, BACKUP_USAGE, RESTORE_USAGE];
    process.stderr.write(`Commands: ${names.join(', ')}\n${usages.join('\n')}\n`);
    return 2;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' });
  // Owner-only files from here on: a backup holds the station's secret and private messages.
  keepDataPrivate(config.dataDir);
  if (data) {
    process.stdout.write(`${await data(config, rest)}\n`);
    return 0;
  }
  if (!run) return 2;
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    namedStatements: config.databaseNamedStatements,
  });
  try {
    await migrateToLatest(database.db, {
      beforeUpgrade: async (pending) =>
        void (await upgradeBackup(database, config.dataDir)(pending)),
    });
    const app = await buildApp({ config, database });
    try {
      const message = await run(app, rest);
      process.stdout.write(`${message}\n`);
      return 0;
    } finally {
      // Closed on a refusal too: its timers would keep the process from exiting.
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** A handle left open by mistake must not keep a finished command running. */
const EXIT_GRACE_MS = 5000;
const exitSoon = () => setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();

// exitCode rather than exit(): piped stdout is flushed before the process ends.
main()
  .then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      const refused = err instanceof HttpError || err instanceof UsageError;
      const known = refused || err instanceof ConfigError || err instanceof SchemaTooNewError;
      process.stderr.write(
        `${known ? err.message : err instanceof Error ? err.stack : String(err)}\n`,
      );
      process.exitCode = refused ? 2 : 1;
    },
  )
  .finally(exitSoon);
