import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { LATEST_SCHEMA, migrateToLatest } from '../src/db/migrate.js';
import { UPGRADE_BACKUPS, upgradeBackup } from '../src/db/upgrade-backup.js';
import { FIXTURE_PASSWORD, FIXTURE_SCHEMA, fixtureFile } from './fixtures/make-schema-fixture.js';
import { tableRows } from './helpers/table-rows.js';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from './helpers/test-db.js';

/*
 * An upgrade from the previous release's schema, on the engine of the suite's pass: a
 * database that release made (a committed fixture: users, songs, votes, favourites, comments,
 * messages, chat, a request, a play, tweaks, a planned show) is migrated to this version's
 * schema, and every row of every table it had is still there, unchanged; its users log in.
 */

let db: TestDatabase;
let handle: DatabaseHandle;

beforeAll(async () => {
  db = await createTestDatabase();
  if (TEST_ENGINE === 'sqlite') {
    fs.copyFileSync(fixtureFile('sqlite'), path.join(db.dataDir, 'queuecast.db'));
  } else {
    // The dump sets the session's search path: run on a connection of its own.
    const client = new pg.Client({ connectionString: db.databaseUrl });
    await client.connect();
    try {
      await client.query(fs.readFileSync(fixtureFile('postgres'), 'utf8'));
    } finally {
      await client.end();
    }
  }
  handle = openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
});

afterAll(async () => {
  await handle?.close();
  await db?.drop();
});

describe(`an upgrade from the previous schema (${TEST_ENGINE})`, () => {
  it('keeps every row of every table, and the users log in', async () => {
    const before = await tableRows(handle.db);
    expect(before.kysely_migration!.at(-1)).toContain(FIXTURE_SCHEMA);
    for (const table of [
      'users',
      'songs',
      'votes',
      'favorites',
      'comments',
      'private_messages',
      'oneliner_messages',
      'queue_entries',
      'play_history',
      'scheduled_shows',
    ]) {
      expect(before[table]!.length, table).toBeGreaterThan(0);
    }

    const applied = await migrateToLatest(handle.db, {
      beforeUpgrade: async (pending) => void (await upgradeBackup(handle, db.dataDir)(pending)),
    });
    expect(applied.at(-1)).toBe(LATEST_SCHEMA);
    expect(applied).not.toContain(FIXTURE_SCHEMA);
    if (TEST_ENGINE === 'sqlite') {
      const copies = fs.readdirSync(path.join(db.dataDir, UPGRADE_BACKUPS));
      expect(copies).toEqual([expect.stringMatching(new RegExp(`^before-${applied[0]}-.*\\.db$`))]);
    }

    // Every row keeps every value it had; columns added since are left out of the comparison.
    const after = await tableRows(handle.db);
    for (const [table, rows] of Object.entries(before)) {
      if (table === 'kysely_migration') continue;
      const columns = Object.keys(JSON.parse(rows[0] ?? '{}') as object);
      const asBefore = (after[table] ?? []).map((row) => {
        const values = JSON.parse(row) as Record<string, unknown>;
        return JSON.stringify(Object.fromEntries(columns.map((c) => [c, values[c]])));
      });
      expect(asBefore, table).toEqual(rows);
    }

    const config = loadConfig({
      DATA_DIR: db.dataDir,
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      JWT_SECRET: 'upgrade-test-secret-long-enough-for-hs256-0123456789',
      LOG_LEVEL: 'silent',
      DEMO_LIBRARY: '0',
      LIVE_FANOUT_PROCESSES: '0',
    });
    const app = await buildApp({ config, database: handle });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'fixture_ann', password: FIXTURE_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      const song = await app.inject({ url: '/api/song/1' });
      expect(song.json<{ song: { title: string } }>().song.title).toBe('Fixture Sunrise');
    } finally {
      await app.close();
    }
  });
});
