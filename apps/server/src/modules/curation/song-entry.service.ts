import {
  isStaff,
  type AddSong,
  type AddSongResult,
  type ArtistSuggestion,
} from '@queuecast/contract';
import type { Clock } from '../../core/clock.js';
import { mayAddSong, newSongState } from '../../core/review-rules.js';
import type { SongViewer } from '../../core/song-visibility.js';
import type { Db } from '../../db/database.js';
import { badRequest, HttpError } from '../../lib/http-error.js';
import type { SearchRepo } from '../catalog/search.repo.js';
import type { SongEntryRepo } from './song-entry.repo.js';

/** Title comparison for duplicates: case and surrounding spaces do not count. */
const sameTitle = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Songs added by hand. Staff's join the catalogue at once (waiting for a file); a listener's
 * wait for staff review. Either is searchable like an imported song from the start.
 */
export class SongEntryService {
  constructor(
    private readonly db: Db,
    private readonly repo: SongEntryRepo,
    private readonly search: Pick<SearchRepo, 'index'>,
    private readonly clock: Clock,
    /** Songs one listener may have waiting for review at once (PENDING_SONGS_MAX). */
    private readonly waitingMax: number,
  ) {}

  /**
   * Adds one song of a known artist on a known platform. The same title by the same artist on
   * the same platform is refused (409 with the existing song's id); on another platform it is
   * another song (a port). A listener with `waitingMax` songs waiting for review is refused
   * (429) until staff review one; staff are not counted.
   */
  async addSong(caller: { id: number; role: string }, input: AddSong): Promise<AddSongResult> {
    // The contract refuses a missing or blank field and trims the texts.
    const { title, platform: platformName } = input;
    const byStaff = isStaff(caller.role);
    return this.db.transaction().execute(async (trx) => {
      await this.repo.lockUser(caller.id, trx);
      const artist = await this.repo.artist(input.artist_id, caller, trx);
      if (!artist) throw badRequest('Please select a valid artist from the list.');
      const platform = await this.repo.platformByName(platformName, trx);
      if (!platform) throw badRequest('Please select a valid platform from the list.');
      const existing = (await this.repo.songsOf(artist.id, platform.id, trx)).find((s) =>
        sameTitle(s.title, title),
      );
      if (existing) throw new HttpError(409, 'This song already exists.', { song_id: existing.id });
      // Staff's songs are not counted, so not looked for.
      const waiting = byStaff ? 0 : await this.repo.waitingForReview(caller.id, trx);
      if (!mayAddSong(byStaff, waiting, this.waitingMax)) {
        // No retry_after: the wait is staff's review, not a time.
        throw new HttpError(
          429,
          `You have ${waiting} added songs waiting for review, the most a listener may have ` +
            `(${this.waitingMax}). Add more once staff have reviewed them.`,
        );
      }
      const state = newSongState(byStaff);
      const songId = await this.repo.insertSong(
        {
          title,
          platform_id: platform.id,
          status: state.status,
          reviewed: state.reviewed,
          added_by: caller.id,
          created_at: this.clock.now(),
        },
        artist.id,
        trx,
      );
      await this.search.index(songId, trx);
      return { song_id: songId, status: state.status };
    });
  }

  /** Artists for the add-song form's suggestions, as far as the viewer may see them. */
  async artistSuggestions(
    q: string,
    limit: number,
    viewer: SongViewer | null,
  ): Promise<ArtistSuggestion[]> {
    const rows = await this.repo.search(q, limit, viewer);
    return rows.map((r) => ({ id: r.id, name: r.name }));
  }

  platformNames(): Promise<string[]> {
    return this.repo.platformNames();
  }
}
