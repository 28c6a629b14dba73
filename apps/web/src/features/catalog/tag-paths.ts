import { API, LIMITS, PAGES } from '@queuecast/contract';

/**
 * The page of a tag filter: the tags as a list parameter, each encoded and joined by plain
 * commas (`/tags/rock,c64%20sid`), the readable form the server and the router accept; no tags
 * is the tag cloud (`/tags`).
 */
export const tagsPath = (tags: readonly string[]) => PAGES.tags.path({ tags });

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
  API.tagSongs.path({ tags }, { offset, limit: LIMITS.pageSize });
