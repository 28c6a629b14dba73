import type { SongViewer } from '../../core/song-visibility.js';
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

  /** A song the user may not see is not found (see core/song-visibility.ts). */
  async add(user: SongViewer, songId: number) {
    if (!(await this.songs.visible(songId, user))) throw notFound('Song not found.');
    await this.favorites.add(user.id, songId, nowSeconds());
  }

  remove(userId: number, songId: number) {
    return this.favorites.remove(userId, songId);
  }

  async list(user: SongViewer) {
    const ids = await this.favorites.songIds(user);
    return this.presenter.entries(ids, user);
  }
}
