import type { Db } from '../../db/database.js';
import { nowSeconds } from '../../db/dialect.js';
import { notFound } from '../../lib/http-error.js';
import { averageVote } from '../../core/scores.js';
import type { SongViewer } from '../../core/song-visibility.js';
import type { SongRepo } from '../catalog/song.repo.js';
import type { VoteRepo } from './vote.repo.js';

/** One vote per user and song; a new vote replaces the old; the song's aggregate follows. */
export class VotesService {
  constructor(
    private readonly db: Db,
    private readonly votes: VoteRepo,
    private readonly songs: SongRepo,
  ) {}

  /** A song the user may not see is not found (see core/song-visibility.ts). */
  async set(user: SongViewer, songId: number, vote: number | null) {
    if (!(await this.songs.visible(songId, user))) throw notFound('Song not found.');
    await this.db.transaction().execute(async (trx) => {
      if (vote === null) await this.votes.remove(user.id, songId, trx);
      else await this.votes.upsert(user.id, songId, vote, nowSeconds(), trx);
      await this.songs.refreshVoteAggregate(songId, trx);
    });
    const [row] = await this.songs.rows([songId]);
    return {
      success: true as const,
      avg_vote: row ? averageVote(row.vote_total, row.vote_count) : null,
      vote_count: row?.vote_count ?? 0,
      total_vote_score: row?.vote_total ?? 0,
      user_vote: vote,
    };
  }

  async byUser(user: SongViewer): Promise<Record<string, number>> {
    const rows = await this.votes.byUser(user);
    return Object.fromEntries(rows.map((r) => [String(r.song_id), r.vote]));
  }
}
