import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { engineOf } from '../../db/dialect.js';

/**
 * The playout lease in the database: one row, claimed by one process at a time. Every time is
 * the database's own clock, so that nodes whose clocks differ still agree on who holds it.
 */
export class LeaseRepo {
  /** The claim as last compiled, and for whom: a leader renews with the same one every second. */
  private claimQuery: {
    key: string;
    query: CompiledQuery<{ holder: string; term: number }>;
  } | null = null;

  constructor(private readonly db: Db) {}

  /** Now, in epoch milliseconds, by the database's clock. */
  private now(): RawBuilder<number> {
    return engineOf(this.db) === 'postgres'
      ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
      : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
  }

  /**
   * Takes the lease for `ttlMs` when it is free or has expired, or renews it when `holder`
   * already has it, in one statement; answers whether `holder` holds it now. `address` is
   * where the holder takes DJs' source connections (other nodes forward them there).
   */
  async claim(holder: string, ttlMs: number, address: string | null = null): Promise<boolean> {
    return (await this.claimTerm(holder, ttlMs, address)) !== null;
  }

  /**
   * `claim`, answering the lease's term while `holder` holds it (null: another does). The term
   * grows by one whenever the holder changes, so a leader learns whether anyone held it
   * between two of its own claims.
   */
  async claimTerm(holder: string, ttlMs: number, address: string | null): Promise<number | null> {
    const key = JSON.stringify([holder, ttlMs, address]);
    if (this.claimQuery?.key !== key) {
      this.claimQuery = { key, query: this.claimStatement(holder, ttlMs, address).compile() };
    }
    const { rows } = await this.db.executeQuery(this.claimQuery.query);
    const row = rows[0];
    return row?.holder === holder ? Number(row.term) : null;
  }

  private claimStatement(holder: string, ttlMs: number, address: string | null) {
    const now = this.now();
    return this.db
      .insertInto('playout_lease')
      .values({ id: 1, holder, expires_at: sql<number>`${now} + ${ttlMs}`, address, term: 1 })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({
            holder: (eb) => eb.ref('excluded.holder'),
            expires_at: (eb) => eb.ref('excluded.expires_at'),
            address: (eb) => eb.ref('excluded.address'),
            term: sql<number>`case when playout_lease.holder = excluded.holder then playout_lease.term else playout_lease.term + 1 end`,
          })
          .where((eb) =>
            eb.or([
              eb('playout_lease.holder', '=', holder),
              eb('playout_lease.expires_at', '<', now),
            ]),
          ),
      )
      .returning(['holder', 'term']);
  }

  /** Gives the lease up at once (a clean shutdown), if `holder` has it. */
  async release(holder: string): Promise<void> {
    await this.db
      .updateTable('playout_lease')
      .set({ expires_at: 0 })
      .where('id', '=', 1)
      .where('holder', '=', holder)
      .execute();
  }

  /**
   * Who holds the lease, for how much longer (ms) and where it takes source connections; null
   * when nobody ever did.
   */
  async current(): Promise<{
    holder: string;
    remainingMs: number;
    address: string | null;
  } | null> {
    const row = await this.db
      .selectFrom('playout_lease')
      .select(['holder', 'address', sql<number>`expires_at - ${this.now()}`.as('remaining')])
      .where('id', '=', 1)
      .executeTakeFirst();
    return row
      ? { holder: row.holder, remainingMs: Number(row.remaining), address: row.address }
      : null;
  }
}
