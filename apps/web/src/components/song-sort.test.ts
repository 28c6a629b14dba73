import type { Song } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { createQueueSong, createSong as song } from '../test/factories';
import { nextSort, sortSongs } from './song-sort';
import type { TableSong } from './table-song';

const ids = (songs: Song[]) => songs.map((s) => s.id);

describe('sortSongs', () => {
  const songs = [
    song(1, { artist: 'beta', length: 30 }),
    song(2, { artist: null, length: 10 }),
    song(3, { artist: 'Alpha', length: 20 }),
    song(4, { artist: 'gamma', length: 20 }),
  ];

  it('keeps the incoming order without a sort', () => {
    expect(ids(sortSongs(songs, null))).toEqual([1, 2, 3, 4]);
  });

  it('sorts text case-insensitively with nulls last in both directions', () => {
    expect(ids(sortSongs(songs, { field: 'artist', direction: 'asc' }))).toEqual([3, 1, 4, 2]);
    expect(ids(sortSongs(songs, { field: 'artist', direction: 'desc' }))).toEqual([4, 1, 3, 2]);
  });

  it('sorts numbers numerically and keeps ties in their incoming order', () => {
    expect(ids(sortSongs(songs, { field: 'length', direction: 'asc' }))).toEqual([2, 3, 4, 1]);
    expect(ids(sortSongs(songs, { field: 'length', direction: 'desc' }))).toEqual([1, 3, 4, 2]);
  });

  it('sorts titles naturally (2 before 10)', () => {
    const titled = [song(1, { title: 'Track 10' }), song(2, { title: 'track 2' })];
    expect(ids(sortSongs(titled, { field: 'title', direction: 'asc' }))).toEqual([2, 1]);
  });

  it('ranks the average vote, unvoted songs last', () => {
    const rated = [
      song(1),
      song(2, { vote_count: 2, avg_vote: 4.5 }),
      song(3, { vote_count: 1, avg_vote: 3 }),
      song(4, { vote_count: 3, avg_vote: 4.33 }),
    ];
    expect(ids(sortSongs(rated, { field: 'avg_vote', direction: 'desc' }))).toEqual([2, 4, 3, 1]);
    expect(ids(sortSongs(rated, { field: 'avg_vote', direction: 'asc' }))).toEqual([3, 4, 2, 1]);
  });

  it('puts songs without a requester or play time last', () => {
    const played: TableSong[] = [
      createQueueSong(1, { requested_by_username: null, start_time: 50 }),
      { ...song(2), requested_by_username: 'zed' },
      createQueueSong(3, { requested_by_username: 'amy', start_time: 10 }),
    ];
    const by = (field: 'requested_by_username' | 'start_time', direction: 'asc' | 'desc') =>
      ids(sortSongs(played, { field, direction }));
    expect(by('requested_by_username', 'asc')).toEqual([3, 2, 1]);
    expect(by('requested_by_username', 'desc')).toEqual([2, 3, 1]);
    expect(by('start_time', 'asc')).toEqual([3, 1, 2]);
    expect(by('start_time', 'desc')).toEqual([1, 3, 2]);
  });

  it('sorts by favourite using the given set', () => {
    const favs = new Set([3]);
    expect(ids(sortSongs(songs, { field: 'favorited', direction: 'desc' }, favs))).toEqual([
      3, 1, 2, 4,
    ]);
  });

  it('does not touch its input', () => {
    const copy = [...songs];
    sortSongs(songs, { field: 'artist', direction: 'desc' });
    expect(songs).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('starts ascending and flips on the same column', () => {
    const first = nextSort(null, 'title');
    expect(first).toEqual({ field: 'title', direction: 'asc' });
    expect(nextSort(first, 'title')).toEqual({ field: 'title', direction: 'desc' });
    expect(nextSort({ field: 'title', direction: 'desc' }, 'title').direction).toBe('asc');
    expect(nextSort(first, 'length')).toEqual({ field: 'length', direction: 'asc' });
  });
});
