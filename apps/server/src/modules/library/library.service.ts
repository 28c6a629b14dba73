import type { Db } from '../../db/database.js';
import { nowSeconds } from '../../db/dialect.js';
import type { SearchRepo } from '../catalog/search.repo.js';
import type { LibraryRepo } from './library.repo.js';

export interface NewSong {
  title: string;
  artists: { name: string; countryCode?: string | null }[];
  platform?: { name: string; brief?: string } | null;
  tags?: string[];
  length?: number;
  loudness?: { lufs: number; gain: number } | null;
  addedBy?: number | null;
  /** The art store's name of the song's cover (`<hash>.<ext>`). */
  coverArt?: string | null;
  file?: {
    filename: string;
    storedPath: string;
    size: number;
    contentHash: string;
    duration: number | null;
    format: string | null;
  };
}

/** Normalises a tag: trimmed, lower case, inner spaces single; empty or over-long is dropped. */
export function normaliseTag(tag: string): string | null {
  const t = tag.trim().toLowerCase().replace(/\s+/g, ' ');
  return t.length > 0 && t.length <= 40 ? t : null;
}

/** A platform's short label when none is given: its initials or first letters, upper case. */
export function briefFor(name: string): string {
  const words = name.split(/[\s\-_/]+/).filter(Boolean);
  const brief = words.length > 1 ? words.map((w) => w[0]).join('') : (words[0] ?? name).slice(0, 3);
  return brief.toUpperCase().slice(0, 4);
}

/** Adds songs to the catalogue: everything for one song in one transaction. */
export class LibraryService {
  constructor(
    private readonly db: Db,
    private readonly library: LibraryRepo,
    private readonly search: SearchRepo,
  ) {}

  async addSong(input: NewSong): Promise<number> {
    const at = nowSeconds();
    const tags = [...new Set((input.tags ?? []).map(normaliseTag).filter((t): t is string => !!t))];
    return this.db.transaction().execute(async (trx) => {
      const artistIds: number[] = [];
      for (const artist of input.artists) {
        const name = artist.name.trim();
        if (!name) continue;
        const id = await this.library.ensureArtist(trx, name, artist.countryCode ?? null, at);
        if (!artistIds.includes(id)) artistIds.push(id);
      }
      const platformId = input.platform
        ? await this.library.ensurePlatform(
            trx,
            input.platform.name.trim(),
            input.platform.brief ?? briefFor(input.platform.name),
            at,
          )
        : null;
      const songId = await this.library.insertSong(trx, {
        title: input.title.trim() || 'Untitled',
        length: input.length ?? input.file?.duration ?? 0,
        platform_id: platformId,
        status: input.file ? 'active' : 'missing_file',
        loudness_lufs: input.loudness?.lufs ?? null,
        loudness_gain: input.loudness?.gain ?? null,
        added_by: input.addedBy ?? null,
        cover_art: input.coverArt ?? null,
        created_at: at,
      });
      await this.library.linkArtists(trx, songId, artistIds);
      await this.library.linkTags(trx, songId, await this.library.ensureTags(trx, tags));
      if (input.file) {
        await this.library.insertFile(trx, {
          filename: input.file.filename,
          stored_path: input.file.storedPath,
          size: input.file.size,
          content_hash: input.file.contentHash,
          duration: input.file.duration,
          format: input.file.format,
          song_id: songId,
          uploaded_by: input.addedBy ?? null,
          created_at: at,
        });
      }
      await this.search.index(songId, trx);
      return songId;
    });
  }
}
