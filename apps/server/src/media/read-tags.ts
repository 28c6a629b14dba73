import type { IAudioMetadata } from 'music-metadata';
import { stripHiddenFormatting } from '../lib/text.js';

export interface FileTags {
  title: string;
  artists: string[];
  tags: string[];
  platform: string | null;
  artistCountry: string | null;
}

/**
 * A tag's text as a name may be stored: no control characters (PostgreSQL refuses NUL) and no
 * hidden formatting, which a tagger can put in as easily as a listener can type it.
 */
const clean = (text: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  stripHiddenFormatting(text.replace(/[\u0000-\u001f\u007f]/g, ' ')).trim();

const split = (values: readonly string[] | undefined, pattern: RegExp) =>
  (values ?? [])
    .flatMap((v) => v.split(pattern))
    .map(clean)
    .filter(Boolean);

/** Picks a free-form tag such as ID3 TXXX:PLATFORM or Vorbis PLATFORM, whatever the case. */
function nativeValue(
  native: Record<string, { id: string; value: unknown }[]>,
  name: string,
): string | null {
  const wanted = name.toLowerCase();
  for (const tags of Object.values(native)) {
    for (const tag of tags) {
      const id = tag.id
        .toLowerCase()
        .replace(/^txxx:/, '')
        .replace(/^----:com\.apple\.itunes:/, '');
      const value =
        typeof tag.value === 'string' ? tag.value : (tag.value as { text?: unknown })?.text;
      if (id === wanted && typeof value === 'string' && value.trim()) return value.trim();
    }
  }
  return null;
}

/** The tags of a file without any: its title is its name. */
export const untagged = (fallbackTitle: string): FileTags => ({
  title: fallbackTitle,
  artists: [],
  tags: [],
  platform: null,
  artistCountry: null,
});

/**
 * Title, artists, tags (genres, and #keywords in comments), platform and artist country from a
 * file's parsed tags. The title falls back to `fallbackTitle` (the file's name).
 */
export function tagsFrom(meta: IAudioMetadata, fallbackTitle: string): FileTags {
  const { common } = meta;
  const artists = common.artists?.length ? common.artists : common.artist ? [common.artist] : [];
  const native = meta.native as unknown as Record<string, { id: string; value: unknown }[]>;
  // ffmpeg writes an MP3 comment as TXXX:comment rather than COMM, so read both.
  const comments = [
    ...(common.comment ?? []).map((c) => (typeof c === 'string' ? c : (c.text ?? ''))),
    nativeValue(native, 'comment') ?? '',
  ];
  const keywords = comments.flatMap((c) =>
    [...c.matchAll(/#([\p{L}\p{N}_-]+)/gu)].map((m) => m[1]!),
  );
  const platform = clean(nativeValue(native, 'platform') ?? '');
  return {
    title: clean(common.title ?? '') || fallbackTitle,
    artists: split(artists, /\s*(?:;|\/|\s&\s|,\s)\s*/),
    tags: [...new Set([...split(common.genre, /[;,/]/), ...keywords.map(clean)])],
    platform: platform || null,
    artistCountry: nativeValue(native, 'artistcountry')?.slice(0, 2).toUpperCase() ?? null,
  };
}
