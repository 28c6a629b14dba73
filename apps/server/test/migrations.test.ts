import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrateDownAll, migrateTo, migrateToLatest } from '../src/db/migrate.js';
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
});
