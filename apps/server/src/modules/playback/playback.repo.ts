import type { Db } from '../../db/database.js';

/** Reads of the queue as listeners see it: what is on air, what waits, what was played. */
export class PlaybackRepo {
  constructor(private readonly db: Db) {}

  /** Queued entries in play order, with the requester's name and what the length depends on. */
  queue(limit: number) {
    return this.db
      .selectFrom('queue_entries as q')
      .innerJoin('songs as s', 's.id', 'q.song_id')
      .leftJoin('users as u', 'u.id', 'q.requested_by')
      .select([
        'q.id',
        'q.song_id',
        'u.username as requested_by_username',
        's.length',
        's.h_length',
        's.h_skip',
      ])
      .where('q.state', '=', 'queued')
      .orderBy('q.id')
      .limit(limit)
      .execute();
  }

  /** The entry on air with its history row (start and effective length). */
  nowPlaying() {
    return this.db
      .selectFrom('queue_entries as q')
      .innerJoin('play_history as h', 'h.queue_id', 'q.id')
      .leftJoin('users as u', 'u.id', 'q.requested_by')
      .select([
        'q.id',
        'q.song_id',
        'h.started_at',
        'h.length',
        'u.username as requested_by_username',
      ])
      .where('q.state', '=', 'playing')
      .orderBy('q.id', 'desc')
      .executeTakeFirst();
  }

  /** The auto-DJ's pick for the next track, as the playout recorded it (migration 0020). */
  upNext() {
    return this.db
      .selectFrom('station_next')
      .select(['song_id', 'after_queue_id', 'length'])
      .where('id', '=', 1)
      .executeTakeFirst();
  }

  /** Played tracks, newest first, leaving out the one on air. */
  history(limit: number, exceptQueueId: number | null) {
    let query = this.db
      .selectFrom('play_history as h')
      .leftJoin('users as u', 'u.id', 'h.requested_by')
      .select([
        'h.id',
        'h.song_id',
        'h.started_at',
        'h.length',
        'u.username as requested_by_username',
      ])
      .orderBy('h.started_at', 'desc')
      .orderBy('h.id', 'desc')
      .limit(limit);
    if (exceptQueueId !== null) {
      query = query.where((eb) =>
        eb.or([eb('h.queue_id', 'is', null), eb('h.queue_id', '!=', exceptQueueId)]),
      );
    }
    return query.execute();
  }
}
