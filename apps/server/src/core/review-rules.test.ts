import { describe, expect, it } from 'vitest';
import {
  announcesNewSong,
  mayAddSong,
  newSongState,
  statusAfterApprove,
  statusAfterReject,
  waitsForReview,
  type ReviewFacts,
} from './review-rules.js';

const song = (facts: Partial<ReviewFacts>): ReviewFacts => ({
  status: 'review',
  reviewed: true,
  pendingFiles: 0,
  approvedFiles: 0,
  ...facts,
});

describe('newSongState', () => {
  it('lets staff add straight to the catalogue and holds a listener’s song for review', () => {
    expect(newSongState(true)).toEqual({ status: 'missing_file', reviewed: 1 });
    expect(newSongState(false)).toEqual({ status: 'review', reviewed: 0 });
  });
});

describe('mayAddSong', () => {
  it('holds a listener to the cap of songs waiting for review; staff have none', () => {
    expect(mayAddSong(false, 0, 5)).toBe(true);
    expect(mayAddSong(false, 4, 5)).toBe(true);
    expect(mayAddSong(false, 5, 5)).toBe(false);
    expect(mayAddSong(false, 9, 5)).toBe(false);
    expect(mayAddSong(true, 50, 5)).toBe(true);
  });
});

describe('review transitions', () => {
  // [case, facts, after approve, after reject]
  const table: [string, Partial<ReviewFacts>, string | null, string | null][] = [
    ['a listener’s new song', { reviewed: false }, 'missing_file', 'removed'],
    [
      'a listener’s new song with its upload',
      { reviewed: false, pendingFiles: 1 },
      'active',
      'removed',
    ],
    [
      'a listener’s new song that staff gave a file',
      { reviewed: false, approvedFiles: 1 },
      'active',
      'removed',
    ],
    ['an upload for a song without a file', { pendingFiles: 1 }, 'active', 'missing_file'],
    [
      'an upload beside an approved file',
      { pendingFiles: 1, approvedFiles: 1 },
      'active',
      'active',
    ],
    ['a status left at review', {}, 'missing_file', 'missing_file'],
    ['a status left at review, with a file', { approvedFiles: 1 }, 'active', 'active'],
    ['an active song', { status: 'active', approvedFiles: 1 }, null, null],
    ['a song without a file', { status: 'missing_file' }, null, null],
  ];

  it.each(table)('%s', (_, facts, approved, rejected) => {
    const s = song(facts);
    expect(waitsForReview(s)).toBe(approved !== null);
    expect(statusAfterApprove(s)).toBe(approved);
    expect(statusAfterReject(s)).toBe(rejected);
  });
});

describe('announcesNewSong', () => {
  it('announces a song that starts to play for the first time', () => {
    expect(announcesNewSong({ before: 'review', after: 'active', lastPlayedAt: null })).toBe(true);
    expect(announcesNewSong({ before: 'missing_file', after: 'active', lastPlayedAt: null })).toBe(
      true,
    );
  });

  it('stays quiet when it does not start to play, or has been on air before', () => {
    expect(announcesNewSong({ before: 'review', after: 'missing_file', lastPlayedAt: null })).toBe(
      false,
    );
    expect(announcesNewSong({ before: 'active', after: 'active', lastPlayedAt: null })).toBe(false);
    expect(
      announcesNewSong({ before: 'review', after: 'active', lastPlayedAt: 1_700_000_000 }),
    ).toBe(false);
  });
});
