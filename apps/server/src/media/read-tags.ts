import path from 'node:path';

export interface FileTags {
  title: string;
  artists: string[];
  tags: string[];
  platform: string | null;
  artistCountry: string | null;
}

const split = (values: readonly string[] | undefined, pattern: RegExp) =>
  (values ?? [])
    .flatMap((v) => v.split(pattern))
    .map((v) => v.trim())
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

/**
 * Title, artists, tags (genres, and #keywords in comments), platform and artist country from a
 * file's tags. A file without readable tags is not an error: the title falls back to the file
 * name and the artist list stays empty.
 */
export async function readTags(file: string): Promise<FileTags> {
  const fallbackTitle = path.basename(file, path.extname(file)).replace(/[_]+/g, ' ').trim();
  let meta;
  try {
    // Loaded with the first file read: a station that imports nothing never needs it.
    const { parseFile } = await import('music-metadata');
    meta = await parseFile(file, { duration: false, skipCovers: true });
  } catch {
    return { title: fallbackTitle, artists: [], tags: [], platform: null, artistCountry: null };
  }
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
  return {
    title: common.title?.trim() || fallbackTitle,
    artists: split(artists, /\s*(?:;|\/|\s&\s|,\s)\s*/),
    tags: [...new Set([...split(common.genre, /[;,/]/), ...keywords])],
    platform: nativeValue(native, 'platform'),
    artistCountry: nativeValue(native, 'artistcountry')?.slice(0, 2).toUpperCase() ?? null,
  };
}
