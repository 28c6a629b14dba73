import type { FileRecord } from '@queuecast/contract';

/** A file search needs this many characters. */
export const FILE_SEARCH_MIN = 3;

/** Why a file search term is refused, or null to search. */
export function fileSearchRefusal(term: string): string | null {
  return term.trim().length < FILE_SEARCH_MIN
    ? `Search term must be at least ${FILE_SEARCH_MIN} characters`
    : null;
}

/**
 * The song's own file among the results of a search by its file name: associated with this
 * song, the exact name preferred over a file whose name only contains it.
 */
export function findSongFile(
  files: readonly FileRecord[],
  songId: number,
  filename: string,
): FileRecord | null {
  const own = files.filter((f) => f.songid === songId);
  return own.find((f) => f.filename === filename) ?? own[0] ?? null;
}

/** Where a search result is now: free, this song's, or another song's (artists – title). */
export function fileOwnerText(file: FileRecord, songId: number): string {
  if (file.songid === null) return 'Not associated with a song';
  if (file.songid === songId) return 'This song';
  const title = file.title ?? `Song #${file.songid}`;
  return `On ${file.artists ? `${file.artists} – ${title}` : title}`;
}
