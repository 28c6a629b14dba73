import type { Db } from '../../db/database.js';

export interface LineRow {
  id: number;
  kind: string;
  from: string;
  message: string | null;
  song_id: number | null;
  created_at: number;
}

/** The request line: what listeners sent the DJ of a show. */
export class LineRepo {
  constructor(private readonly db: Db) {}

  async add(item: {
    session_id: number;
    user_id: number;
    kind: 'request' | 'dedication';
    song_id: number | null;
    message: string | null;
    created_at: number;
  }): Promise<number> {
    const row = await this.db
      .insertInto('live_line')
      .values(item)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The show's items, newest first. */
  async ofSession(sessionId: number, limit: number): Promise<LineRow[]> {
    const rows = await this.db
      .selectFrom('live_line as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.id', 'l.kind', 'u.username as from', 'l.message', 'l.song_id', 'l.created_at'])
      .where('l.session_id', '=', sessionId)
      .orderBy('l.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }
}
