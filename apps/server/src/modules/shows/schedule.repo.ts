import type { Db } from '../../db/database.js';

/** A planned show as stored, with its DJ's username. */
export interface ShowRow {
  id: number;
  title: string;
  description: string | null;
  kind: string;
  dj_id: number | null;
  dj: string | null;
  starts_at: number;
  minutes: number;
  weekly: number;
  theme: string | null;
  artwork: string | null;
}

export interface ShowValues {
  title: string;
  description: string | null;
  kind: string;
  dj_id: number | null;
  starts_at: number;
  minutes: number;
  weekly: number;
  theme: string | null;
}

/** The schedule's SQL: planned shows, each a row; the slots are worked out from them. */
export class ScheduleRepo {
  constructor(private readonly db: Db) {}

  private shows() {
    return this.db
      .selectFrom('scheduled_shows as s')
      .leftJoin('users as u', 'u.id', 's.dj_id')
      .select([
        's.id',
        's.title',
        's.description',
        's.kind',
        's.dj_id',
        'u.username as dj',
        's.starts_at',
        's.minutes',
        's.weekly',
        's.theme',
        's.artwork',
      ]);
  }

  /** Every show planned (a station plans tens, not thousands), oldest first. */
  async all(): Promise<ShowRow[]> {
    return (await this.shows().orderBy('s.starts_at').orderBy('s.id').execute()).map(numbers);
  }

  async byId(id: number): Promise<ShowRow | undefined> {
    const row = await this.shows().where('s.id', '=', id).executeTakeFirst();
    return row && numbers(row);
  }

  /** The live shows of one DJ (scheduled_shows_dj). */
  async liveShowsOf(djId: number): Promise<ShowRow[]> {
    const rows = await this.shows()
      .where('s.dj_id', '=', djId)
      .where('s.kind', '=', 'live')
      .execute();
    return rows.map(numbers);
  }

  async insert(values: ShowValues, by: number, at: number): Promise<number> {
    const row = await this.db
      .insertInto('scheduled_shows')
      .values({ ...values, created_by: by, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, values: ShowValues): Promise<boolean> {
    const result = await this.db
      .updateTable('scheduled_shows')
      .set(values)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Sets (or with null clears) a show's artwork; false when there is no such show. */
  async setArtwork(id: number, artwork: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('scheduled_shows')
      .set({ artwork })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async remove(id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('scheduled_shows')
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

function numbers(row: ShowRow): ShowRow {
  return { ...row, starts_at: Number(row.starts_at), minutes: Number(row.minutes) };
}
