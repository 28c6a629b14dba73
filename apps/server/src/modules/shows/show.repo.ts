import type { Db } from '../../db/database.js';

/** A show as the station and the playback update read it. */
export interface SessionRow {
  id: number;
  dj_id: number;
  dj: string;
  show_name: string;
  started_at: number;
  ended_at: number | null;
  seen_at: number;
  standby_since: number | null;
}

/** Live shows and their titles: what the station writes, what listeners are shown. */
export class ShowRepo {
  constructor(private readonly db: Db) {}

  private sessions(db: Db = this.db) {
    return db
      .selectFrom('live_sessions as s')
      .innerJoin('users as u', 'u.id', 's.dj_id')
      .select([
        's.id',
        's.dj_id',
        'u.username as dj',
        's.show_name',
        's.started_at',
        's.ended_at',
        's.seen_at',
        's.standby_since',
      ]);
  }

  /** The show not yet ended, if any (the newest, should a crash have left an older one). */
  async open(db: Db = this.db): Promise<SessionRow | undefined> {
    const row = await this.sessions(db)
      .where('s.ended_at', 'is', null)
      .orderBy('s.id', 'desc')
      .executeTakeFirst();
    return row && numbers(row);
  }

  /** Shows that ended after `since`, newest first. */
  async endedSince(since: number, limit: number): Promise<SessionRow[]> {
    const rows = await this.sessions()
      .where('s.ended_at', '>=', since)
      .orderBy('s.started_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map(numbers);
  }

  async start(
    djId: number,
    show: string,
    at: number,
    showId: number | null = null,
  ): Promise<number> {
    const row = await this.db
      .insertInto('live_sessions')
      .values({ dj_id: djId, show_name: show, show_id: showId, started_at: at, seen_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Ends every open show (one, normally); answers whether one was open. */
  async endOpen(at: number, db: Db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('live_sessions')
      .set({ ended_at: at, standby_since: null })
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async end(id: number, at: number): Promise<void> {
    await this.db
      .updateTable('live_sessions')
      .set({ ended_at: at, standby_since: null })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .execute();
  }

  /** Still on air at `at`, on stand-by since `standbySince` or not (null). */
  async touch(id: number, at: number, standbySince: number | null): Promise<void> {
    await this.db
      .updateTable('live_sessions')
      .set({ seen_at: at, standby_since: standbySince })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .execute();
  }

  async addTitle(sessionId: number, title: string, at: number): Promise<void> {
    await this.db.insertInto('live_titles').values({ session_id: sessionId, title, at }).execute();
  }

  /** The recording of a show that ended: its file name under DATA_DIR/recordings. */
  async setRecording(
    id: number,
    recording: { name: string; seconds: number; bytes: number },
  ): Promise<void> {
    await this.db
      .updateTable('live_sessions')
      .set({
        recording: recording.name,
        recording_seconds: recording.seconds,
        recording_bytes: recording.bytes,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Shows with a recording (of the planned show `showId`, given one), newest first. */
  async recorded(limit: number, showId?: number) {
    let query = this.db
      .selectFrom('live_sessions as s')
      .innerJoin('users as u', 'u.id', 's.dj_id')
      .select([
        's.id',
        'u.username as dj',
        's.show_name',
        's.show_id',
        's.started_at',
        's.ended_at',
        's.seen_at',
        's.recording_seconds',
        's.recording_bytes',
      ])
      .where('s.recording', 'is not', null);
    if (showId !== undefined) query = query.where('s.show_id', '=', showId);
    const rows = await query.orderBy('s.started_at', 'desc').limit(limit).execute();
    return rows.map((r) => ({
      id: r.id,
      dj: r.dj,
      show: r.show_name,
      showId: r.show_id === null ? null : Number(r.show_id),
      startedAt: Number(r.started_at),
      endedAt: Number(r.ended_at ?? r.seen_at),
      seconds: Number(r.recording_seconds ?? 0),
      bytes: Number(r.recording_bytes ?? 0),
    }));
  }

  /** A show's recording file name, if it has one. */
  async recordingOf(id: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('live_sessions')
      .select('recording')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.recording ?? null;
  }

  /** Recordings of shows that started before `before`, oldest first: to delete. */
  async recordingsBefore(before: number): Promise<{ id: number; name: string }[]> {
    const rows = await this.db
      .selectFrom('live_sessions')
      .select(['id', 'recording'])
      .where('recording', 'is not', null)
      .where('started_at', '<', before)
      .orderBy('started_at')
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.recording! }));
  }

  async clearRecording(id: number): Promise<void> {
    await this.db
      .updateTable('live_sessions')
      .set({ recording: null, recording_seconds: null, recording_bytes: null })
      .where('id', '=', id)
      .execute();
  }

  /** The last `perShow` titles of each show, oldest first. */
  async titles(
    sessionIds: readonly number[],
    perShow: number,
  ): Promise<Map<number, { title: string; at: number }[]>> {
    const map = new Map<number, { title: string; at: number }[]>();
    for (const id of sessionIds) {
      const rows = await this.db
        .selectFrom('live_titles')
        .select(['title', 'at'])
        .where('session_id', '=', id)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(perShow)
        .execute();
      map.set(
        id,
        rows.reverse().map((r) => ({ title: r.title, at: Number(r.at) })),
      );
    }
    return map;
  }
}

function numbers(row: SessionRow): SessionRow {
  return {
    ...row,
    started_at: Number(row.started_at),
    ended_at: row.ended_at === null ? null : Number(row.ended_at),
    seen_at: Number(row.seen_at),
    standby_since: row.standby_since === null ? null : Number(row.standby_since),
  };
}
