import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrateDownAll, migrateToLatest } from '../src/db/migrate.js';
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
});
