import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { hasApprovedFile } from '../../db/song-playable.js';
import { likeEscape } from './files.repo.js';

export interface MissingSongsFilter {
  /** Exact platform name. */
  platform?: string | undefined;
  /** Part of the title or of an artist's name, any case. */
  q?: string | undefined;
}

/**
 * Statuses a song without an approved file can have: `active` always comes with one (every
 * path that sets it checks), and `unplayable` songs have a file that failed to decode. Reading
 * only these statuses lets the list start from the songs_status index instead of the whole
 * catalogue.
 */
const WITHOUT_FILE_STATUSES = ['missing_file', 'review'];

/** Songs that have no approved audio file, for the staff's missing-files list. */
export class MissingSongsRepo {
  constructor(private readonly db: Db) {}

  /** One page, by title then id. */
  page(filter: MissingSongsFilter, limit: number, offset: number) {
    return this.filtered(filter)
      .leftJoin('platforms as p', 'p.id', 's.platform_id')
      .select(['s.id', 's.title', 's.status', 'p.name as platform'])
      .orderBy('s.title')
      .orderBy('s.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async count(filter: MissingSongsFilter): Promise<number> {
    const row = await this.filtered(filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private filtered(filter: MissingSongsFilter) {
    let query = this.db
      .selectFrom('songs as s')
      .where('s.status', 'in', WITHOUT_FILE_STATUSES)
      .where((eb) => eb.not(hasApprovedFile(eb)));
    if (filter.platform) {
      const name = filter.platform;
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('platforms as pf')
            .select('pf.id')
            .whereRef('pf.id', '=', 's.platform_id')
            .where('pf.name', '=', name),
        ),
      );
    }
    if (filter.q) {
      const contains = `%${likeEscape(filter.q.toLowerCase())}%`;
      query = query.where((eb) =>
        eb.or([
          sql<boolean>`lower(s.title) like ${contains} escape '\\'`,
          eb.exists(
            eb
              .selectFrom('song_artists as sa')
              .innerJoin('artists as a', 'a.id', 'sa.artist_id')
              .select('sa.artist_id')
              .whereRef('sa.song_id', '=', 's.id')
              .where(sql<boolean>`lower(a.name) like ${contains} escape '\\'`),
          ),
        ]),
      );
    }
    return query;
  }
}
