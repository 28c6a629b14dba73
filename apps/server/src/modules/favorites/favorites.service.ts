import { nowSeconds } from '../../db/dialect.js';
import { notFound } from '../../lib/http-error.js';
import type { SongPresenter } from '../catalog/song-presenter.js';
import type { SongRepo } from '../catalog/song.repo.js';
import type { FavoriteRepo } from './favorite.repo.js';

/** Adding twice or removing what is not there are no-ops: both calls are idempotent. */
export class FavoritesService {
  constructor(
    private readonly favorites: FavoriteRepo,
    private readonly songs: SongRepo,
    private readonly presenter: SongPresenter,
  ) {}

  async add(userId: number, songId: number) {
    if (!(await this.songs.exists(songId))) throw notFound('Song not found.');
    await this.favorites.add(userId, songId, nowSeconds());
  }

  remove(userId: number, songId: number) {
    return this.favorites.remove(userId, songId);
  }

  async list(userId: number) {
    const ids = await this.favorites.songIds(userId);
    return this.presenter.entries(ids, { id: userId });
  }
}
