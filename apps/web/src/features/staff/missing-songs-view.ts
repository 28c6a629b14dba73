/** The missing-songs page's state as the URL keeps it, and the texts of its pager. */

/** Songs per page (the server's default too). */
export const MISSING_SONGS_PAGE_SIZE = 50;

export interface MissingSongsFilter {
  /** 1-based. */
  page: number;
  /** A platform name, or undefined for every platform. */
  platform: string | undefined;
  /** A search term on title or artist, trimmed, or undefined. */
  q: string | undefined;
}

/** Reads `?page=&platform=&q=`; junk or absent values mean the first page, no filter. */
export function readFilter(params: URLSearchParams): MissingSongsFilter {
  const page = Number(params.get('page'));
  const text = (name: string) => params.get(name)?.trim() || undefined;
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    platform: text('platform'),
    q: text('q'),
  };
}

/**
 * The URL query for a change of filter. A new search term or platform starts again at page 1;
 * page 1 and empty filters are left out, so the plain page stays `/missingsongs`.
 */
export function writeFilter(
  params: URLSearchParams,
  change: Partial<MissingSongsFilter>,
): URLSearchParams {
  const current = readFilter(params);
  const next = { ...current, ...change };
  next.q = blankless(next.q);
  next.platform = blankless(next.platform);
  const filterChanged = next.q !== current.q || next.platform !== current.platform;
  if (filterChanged && !('page' in change)) next.page = 1;
  const out = new URLSearchParams(params);
  const set = (name: string, value: string | undefined) => {
    if (value) out.set(name, value);
    else out.delete(name);
  };
  set('q', next.q);
  set('platform', next.platform);
  set('page', next.page > 1 ? String(next.page) : undefined);
  return out;
}

const blankless = (value: string | undefined) => value?.trim() || undefined;

/** 'Page X of Y'; a list with no songs still has its one (empty) page. */
export const pageLabel = (page: number, totalPages: number): string =>
  `Page ${page} of ${Math.max(1, totalPages)}`;

/** 'Showing n of total songs', n the rows on this page. */
export const showingLabel = (shown: number, total: number): string =>
  `Showing ${shown} of ${total} songs`;
