import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import {
  LATEST_SCHEMA,
  migrateDownAll,
  migrateTo,
  migrateToLatest,
  SchemaTooNewError,
} from '../src/db/migrate.js';
import { UPGRADE_BACKUPS, upgradeBackup } from '../src/db/upgrade-backup.js';
import { exited, spawnServer } from './helpers/server-process.js';
import { SearchRepo } from '../src/modules/catalog/search.repo.js';
import { createTestDatabase } from './helpers/test-db.js';

describe('migrations', () => {
  it('go up, all the way down and up again on this engine', async () => {
    const testDb = await createTestDatabase();
    const handle = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    try {
      expect(await migrateToLatest(handle.db)).toContain('0001-initial');
      expect(await migrateToLatest(handle.db)).toEqual([]);
      const tables = (await handle.db.introspection.getTables()).map((t) => t.name);
      expect(tables).toEqual(
        expect.arrayContaining(['users', 'songs', 'queue_entries', 'private_messages']),
      );
      await migrateDownAll(handle.db);
      const left = (await handle.db.introspection.getTables()).map((t) => t.name);
      expect(left.filter((t) => !t.startsWith('kysely_'))).toEqual([]);
      expect(await migrateToLatest(handle.db)).toContain('0001-initial');
    } finally {
      await handle.close();
      await testDb.drop();
    }
  });

  it('keep finding the songs indexed before search prefixes were added', async () => {
    const testDb = await createTestDatabase();
    const handle = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    try {
      await migrateTo(handle.db, '0015-artist-letter-stamps');
      const titles = ['Neon Dreams', 'Neonlight', 'Crystal Velvet', 'Velvet Crystal Neon'];
      const ids: number[] = [];
      for (const title of titles) {
        const row = await handle.db
          .insertInto('songs')
          .values({ title, created_at: 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.push(row.id);
        // As the search table was written before: the document alone.
        const key = handle.engine === 'sqlite' ? 'rowid' : 'song_id';
        await sql`insert into song_search (${sql.ref(key)}, document)
          values (${row.id}, ${title.toLowerCase()})`.execute(handle.db);
      }
      await migrateToLatest(handle.db);
      const search = new SearchRepo(handle.db, handle.engine);
      // Whole words first, then the shorter document.
      expect(await search.search('neon', 10)).toEqual([ids[0], ids[3], ids[1]]);
      expect(await search.search('neo', 10)).toEqual([ids[1], ids[0], ids[3]]);
      expect(await search.search('crystal vel', 10)).toEqual([ids[2], ids[3]]);
      expect(await search.search('velvet cr', 10)).toEqual([ids[3], ids[2]]);
      expect(await search.search('dreamz', 10)).toEqual([]);
    } finally {
      await handle.close();
      await testDb.drop();
    }
  });

  it('refuse a database made by a newer version (a downgrade), naming both schemas', async () => {
    const testDb = await createTestDatabase();
    const handle = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    try {
      await migrateToLatest(handle.db);
      await sql`insert into kysely_migration (name, timestamp)
        values ('9999-from-the-future', '2030-01-01T00:00:00.000Z')`.execute(handle.db);
      const refused = migrateToLatest(handle.db);
      await expect(refused).rejects.toThrow(SchemaTooNewError);
      await expect(refused).rejects.toThrow(
        `The database's schema is 9999-from-the-future, newer than this version of Queuecast knows (${LATEST_SCHEMA}).`,
      );
      // The server refuses to start on it, saying so.
      const child = spawnServer({
        PORT: '0',
        DATA_DIR: testDb.dataDir,
        DATABASE_URL: testDb.databaseUrl ?? '',
        DEMO_LIBRARY: '0',
        LOG_LEVEL: 'error',
      });
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
      expect(await exited(child)).toEqual({ code: 1, signal: null });
      expect(stderr).toContain('Queuecast cannot start: The database');
      expect(stderr).toContain('9999-from-the-future');
      expect(stderr).toContain(LATEST_SCHEMA);
    } finally {
      await handle.close();
      await testDb.drop();
    }
  }, 60_000);

  it('copy a SQLite database before upgrading it; a new one is not copied', async () => {
    const testDb = await createTestDatabase();
    const handle = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    const copies = path.join(testDb.dataDir, UPGRADE_BACKUPS);
    const taken: string[] = [];
    const backup = upgradeBackup(handle, testDb.dataDir);
    const beforeUpgrade = async (pending: string[]) => {
      const file = await backup(pending);
      if (file) taken.push(file);
    };
    try {
      await migrateTo(handle.db, '0025-show-artwork');
      expect(taken).toEqual([]);
      await handle.db
        .insertInto('songs')
        .values({ title: 'Before the upgrade', created_at: 1 })
        .execute();
      await migrateToLatest(handle.db, { beforeUpgrade });
      if (handle.engine === 'postgres') {
        expect(taken).toEqual([]);
        return;
      }
      expect(taken).toHaveLength(1);
      expect(path.basename(taken[0]!)).toMatch(/^before-0026-recording-show-.+\.db$/);
      expect(fs.readdirSync(copies).filter((n) => n.endsWith('.partial'))).toEqual([]);
      // The copy is the database as it was: the old schema, the row.
      fs.renameSync(taken[0]!, path.join(copies, 'queuecast.db'));
      const copy = openDatabase({ databaseUrl: undefined, dataDir: copies });
      try {
        const names = await sql<{ name: string }>`select name from kysely_migration`.execute(
          copy.db,
        );
        expect(names.rows.map((r) => r.name).at(-1)).toBe('0025-show-artwork');
        const songs = await copy.db.selectFrom('songs').select('title').execute();
        expect(songs).toEqual([{ title: 'Before the upgrade' }]);
      } finally {
        await copy.close();
      }
      // Up to date: nothing more to copy.
      await migrateToLatest(handle.db, { beforeUpgrade });
      expect(taken).toHaveLength(1);
    } finally {
      await handle.close();
      await testDb.drop();
    }
  });
});
