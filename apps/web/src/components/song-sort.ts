import type { TableSong } from './table-song';

/** The columns a song table can sort by. */
export type SortField =
  'artist' | 'title' | 'length' | 'start_time' | 'requested_by_username' | 'avg_vote' | 'favorited';
export type SortDirection = 'asc' | 'desc';
export interface SortState {
  field: SortField;
  direction: SortDirection;
}

type SortValue = string | number | null;

function valueOf(song: TableSong, field: SortField, favorites: ReadonlySet<number>): SortValue {
  switch (field) {
    case 'artist':
      return song.artist;
    case 'title':
      return song.title;
    case 'length':
      return song.length;
    case 'start_time':
      return song.start_time ?? song.played_at ?? null;
    case 'requested_by_username':
      return song.requested_by_username ?? null;
    case 'avg_vote':
      return song.avg_vote;
    case 'favorited':
      return favorites.has(song.id) ? 1 : 0;
  }
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * A sorted copy; empty values (null, missing, blank text) go last in either direction and
 * ties keep their incoming order, so the server's order breaks them.
 */
export function sortSongs<T extends TableSong>(
  songs: readonly T[],
  sort: SortState | null,
  favorites: ReadonlySet<number> = new Set(),
): T[] {
  if (!sort) return [...songs];
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = songs.map((song, index) => ({
    song,
    index,
    v: valueOf(song, sort.field, favorites),
  }));
  keyed.sort((a, b) => {
    const aEmpty = a.v === null || a.v === '';
    const bEmpty = b.v === null || b.v === '';
    if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.index - b.index : aEmpty ? 1 : -1;
    const c =
      typeof a.v === 'number' && typeof b.v === 'number'
        ? a.v - b.v
        : collator.compare(String(a.v), String(b.v));
    return c === 0 ? a.index - b.index : sign * c;
  });
  return keyed.map((k) => k.song);
}

/** A header click: a new column sorts ascending, the same column flips direction. */
export function nextSort(current: SortState | null, field: SortField): SortState {
  if (current?.field === field) {
    return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { field, direction: 'asc' };
}
