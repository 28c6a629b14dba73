import type { IAudioMetadata } from 'music-metadata';

/** Embedded pictures larger than this are not cover art worth keeping: the song gets none. */
export const MAX_PICTURE_BYTES = 16 * 1024 * 1024;

export interface EmbeddedPicture {
  data: Buffer;
  /** What the file's tag says the picture is (`image/jpeg`); the bytes decide in the end. */
  format: string;
}

/** The picture types a cover can be, best first (ID3v2 APIC and FLAC/Vorbis picture types). */
const PREFERRED = ['cover (front)', 'other', 'media (e.g. label side of cd)', 'leaflet page'];

function rank(type: string | undefined): number {
  const index = PREFERRED.indexOf((type ?? 'other').toLowerCase());
  return index === -1 ? PREFERRED.length : index;
}

/**
 * The cover art among a file's parsed tags (ID3 APIC, FLAC PICTURE, Vorbis
 * METADATA_BLOCK_PICTURE, MP4 covr): the front cover when the file says which one it is,
 * otherwise its first picture. No pictures, or only empty or oversized ones, give null: a song
 * simply has no art.
 */
export function pictureFrom(meta: IAudioMetadata): EmbeddedPicture | null {
  const best = [...(meta.common.picture ?? [])]
    .filter((p) => p.data.length > 0 && p.data.length <= MAX_PICTURE_BYTES)
    .sort((a, b) => rank(a.type) - rank(b.type))[0];
  return best ? { data: Buffer.from(best.data), format: best.format } : null;
}
