import { API, LIMITS, PAGES } from '@queuecast/contract';

/**
 * Writes the commas between tags plainly in a path built from comma-joined tags. A tag never
 * contains a comma (parseTags splits on it), so every encoded comma is a separator; the result
 * is each tag encoded and joined by ',', the readable form the server and the router accept.
 */
const plainCommas = (path: string) => path.replaceAll('%2C', ',');

/** The page of a tag filter: each tag encoded, joined by commas. */
export const tagsPath = (tags: readonly string[]) =>
  plainCommas(PAGES.tags.path({ tags: tags.join(',') }));

/** The tags of a `/tags/:tags` parameter: trimmed, lower case, no blanks or repeats. */
export function parseTags(param: string | undefined): string[] {
  if (!param) return [];
  return [
    ...new Set(
      param
        .split(',')
        .map((t) => t.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** One page of the songs carrying every one of `tags`, from the API. */
export const tagSongsPath = (tags: readonly string[], offset: number) =>
  plainCommas(API.tagSongs.path({ tags: tags.join(',') }, { offset, limit: LIMITS.pageSize }));
