import type { PlaybackUpdate } from '@queuecast/contract';
import { nowSeconds } from '../db/dialect.js';
import type { UserRepo } from '../modules/users/user.repo.js';

/** An authenticated call within this window counts a user as active. */
export const ACTIVE_WINDOW_S = 5 * 60;

/** Assembles the playback_update that every socket receives. */
export class PlaybackService {
  constructor(private readonly users: UserRepo) {}

  async build(): Promise<PlaybackUpdate> {
    const activeUsers = await this.users.listSeenSince(nowSeconds() - ACTIVE_WINDOW_S);
    return {
      type: 'playback_update',
      now_playing: null,
      queue: [],
      history: [],
      active_users: activeUsers.map((u) => ({ username: u.username })),
      oneliner: [],
      listeners: 0,
      server_time: Date.now() / 1000,
    };
  }
}
