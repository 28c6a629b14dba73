import path from 'node:path';
import { isPlayable } from '../../core/song-rules.js';
import type { SongViewer } from '../../core/song-visibility.js';
import { conflict, HttpError, notFound } from '../../lib/http-error.js';
import type { MediaStore } from '../../media/media-store.js';
import type { PreviewCache } from '../../media/preview.js';
import type { SongRepo } from '../catalog/song.repo.js';

/** The song page's Preview: a cached 30 s clip from the middle of the song. */
export class PreviewService {
  constructor(
    private readonly songs: Pick<SongRepo, 'playable' | 'visible'>,
    private readonly store: MediaStore,
    private readonly cache: PreviewCache,
  ) {}

  /** The clip's file path; a song the listener may not see is not found. */
  async clip(user: SongViewer, songId: number): Promise<string> {
    const [song, visible] = await Promise.all([
      this.songs.playable(songId),
      this.songs.visible(songId, user),
    ]);
    if (!song || !visible) throw notFound('Song not found.');
    if (song.stored_path === null || !isPlayable({ status: song.status, has_file: true })) {
      throw conflict('This song has no playable file.');
    }
    try {
      return await this.cache.clip({
        songId,
        file: this.store.absolute(song.stored_path),
        // Files are stored under their content hash.
        hash: path.basename(song.stored_path, path.extname(song.stored_path)),
        length: song.length,
        gainDb: song.loudness_gain ?? 0,
      });
    } catch {
      throw new HttpError(422, 'This song could not be previewed.');
    }
  }
}
