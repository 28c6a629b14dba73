import { notFound } from '../../lib/http-error.js';
import { placeholderSvg } from '../../lib/placeholder-art.js';
import type { ArtStore } from '../../media/art-store.js';
import type { SongRepo } from '../catalog/song.repo.js';

/** Cover art for the API: stored pictures by name and size, and drawn placeholders. */
export class ArtService {
  constructor(
    private readonly store: ArtStore,
    private readonly songs: Pick<SongRepo, 'rows'>,
  ) {}

  /** The stored file for `<hash>.<ext>` at a size (or as embedded); 404 when there is none. */
  async picture(name: string, size: number | null) {
    const file = await this.store.file(name, size);
    if (!file) throw notFound('Cover art not found.');
    return file;
  }

  /** The drawn cover of a song, from its id and title; 404 for an unknown song. */
  async placeholder(songId: number, size: number | null): Promise<string> {
    const [song] = await this.songs.rows([songId]);
    if (!song) throw notFound('Song not found.');
    return placeholderSvg(song.id, song.title, size ?? 512);
  }
}
