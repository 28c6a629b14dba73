import { PROFILE_LIST_MAX, type Profile, type ProfileSong } from '@queuecast/contract';
import type { SongViewer } from '../../core/song-visibility.js';
import { notFound } from '../../lib/http-error.js';
import { toUser } from '../users/user-presenter.js';
import type { UserRepo } from '../users/user.repo.js';
import type { ProfileRepo } from './profile.repo.js';

const song = (r: { song_id: number; title: string; artist: string | null }): ProfileSong => ({
  id: r.song_id,
  title: r.title,
  artist: r.artist,
});

/**
 * A person's public page. What is on it is public already elsewhere (the queue's Requested By,
 * the song pages' votes, favourites and comments, the chat); it is gathered here, each list
 * bounded, with the songs the viewer may see only.
 */
export class ProfileService {
  constructor(
    private readonly users: Pick<UserRepo, 'findByUsername'>,
    private readonly repo: ProfileRepo,
  ) {}

  async profile(username: string, viewer: SongViewer | null): Promise<Profile> {
    const row = await this.users.findByUsername(username);
    if (!row) throw notFound('User not found.');
    const user = toUser(row);
    const lists = await this.repo.activity(user.id, viewer, PROFILE_LIST_MAX);
    return {
      user: { ...user, joined: Number(row.created_at) },
      requests: lists.requests.map((r) => ({
        id: r.id,
        requested_at: Number(r.requested_at),
        song: song(r),
      })),
      favorites: lists.favorites.map((r) => ({ created_at: Number(r.created_at), song: song(r) })),
      votes: lists.votes.map((r) => ({
        created_at: Number(r.created_at),
        vote: r.vote,
        song: song(r),
      })),
      comments: lists.comments.map((r) => ({
        id: r.id,
        created_at: Number(r.created_at),
        comment: r.comment,
        song: song(r),
      })),
      chat: lists.chat.map((r) => ({
        id: r.id,
        timestamp: Number(r.created_at),
        message: r.message,
      })),
    };
  }
}
