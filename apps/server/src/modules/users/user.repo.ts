import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';

export type UserRow = Selectable<UsersTable>;

export class UserRepo {
  constructor(private readonly db: Db) {}

  findById(id: number, db: Db = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Usernames are unique case-insensitively (index on lower(username)). */
  findByUsername(username: string, db: Db = this.db): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
  }

  async insert(
    row: Pick<UserRow, 'username' | 'email' | 'password_hash' | 'role' | 'created_at'>,
    db: Db = this.db,
  ): Promise<UserRow> {
    return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Sets a new hash and bumps the token version, which invalidates every older token. */
  async updatePassword(id: number, passwordHash: string): Promise<number> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id)
      .returning('token_version')
      .executeTakeFirstOrThrow();
    return row.token_version;
  }

  async setRole(id: number, role: string, db: Db = this.db): Promise<void> {
    await db.updateTable('users').set({ role }).where('id', '=', id).execute();
  }

  /**
   * Bumps the token version, which invalidates every token issued before; answers the user as
   * changed, or undefined when they do not exist or (with `from`) their version is no longer
   * `from`: a concurrent change ended the caller's own token meanwhile.
   */
  revokeTokens(id: number, from?: number, db: Db = this.db): Promise<UserRow | undefined> {
    let query = db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', id);
    if (from !== undefined) query = query.where('token_version', '=', from);
    return query.returningAll().executeTakeFirst();
  }

  /** The current token version of each of these users that exists. */
  async tokenVersions(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'token_version'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.token_version]));
  }

  /**
   * Accounts for the admins' list, newest first; with `beforeId` older ones only; `search`
   * matches part of the username, case-insensitively. Never the email or the password hash.
   */
  listForAdmin(opts: {
    search?: string | undefined;
    limit: number;
    beforeId?: number | undefined;
  }) {
    let query = this.db
      .selectFrom('users')
      .select(['id', 'username', 'role', 'created_at', 'last_seen_at', 'dj', 'live_anytime'])
      .orderBy('id', 'desc')
      .limit(opts.limit);
    if (opts.beforeId !== undefined) query = query.where('id', '<', opts.beforeId);
    if (opts.search) {
      const needle = opts.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
      query = query.where(sql<boolean>`lower(username) like ${`%${needle}%`} escape '\\'`);
    }
    return query.execute();
  }

  async touchLastSeen(id: number, at: number): Promise<void> {
    await this.db.updateTable('users').set({ last_seen_at: at }).where('id', '=', id).execute();
  }

  /** Users who made an authenticated call since `since`, alphabetically. */
  listSeenSince(since: number, limit = 200): Promise<{ username: string }[]> {
    return this.db
      .selectFrom('users')
      .select('username')
      .where('last_seen_at', '>=', since)
      .orderBy(sql`lower(username)`)
      .limit(limit)
      .execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** When the user's chat mute ends (epoch seconds), or null. */
  async mutedUntil(id: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('users')
      .select('muted_until')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.muted_until == null ? null : Number(row.muted_until);
  }

  /** Answers whether the user exists. */
  async setMutedUntil(id: number, until: number | null, db: Db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set({ muted_until: until })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
