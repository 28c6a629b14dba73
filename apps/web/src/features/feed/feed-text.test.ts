import type { FeedItem } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { feedAge, feedParts, songName } from './feed-text';

const item = (over: Partial<FeedItem>): FeedItem => ({
  key: 'played:1',
  kind: 'played',
  id: 1,
  at: 1000,
  song: { id: 7, title: 'Tune', artist: 'Band' },
  username: null,
  ...over,
});

describe('feed text', () => {
  it('names the requester of a play, or the DJ for its own picks', () => {
    expect(feedParts(item({ username: 'ann' }), 'Auto-DJ')).toEqual([
      'Played ',
      { song: true },
      ', requested by ',
      { user: 'ann' },
    ]);
    expect(feedParts(item({}), 'DJ Bot')).toEqual([
      'Played ',
      { song: true },
      ', picked by DJ Bot',
    ]);
  });

  it('says who requested or commented, and what is new', () => {
    expect(feedParts(item({ kind: 'requested', username: 'bob' }), 'x')).toEqual([
      { user: 'bob' },
      ' requested ',
      { song: true },
    ]);
    expect(feedParts(item({ kind: 'comment', username: 'cy' }), 'x')).toEqual([
      { user: 'cy' },
      ' commented on ',
      { song: true },
    ]);
    expect(feedParts(item({ kind: 'requested' }), 'x')[0]).toBe('Someone');
    expect(feedParts(item({ kind: 'new_song' }), 'x')).toEqual([
      'New in the catalogue: ',
      { song: true },
    ]);
  });

  it('names songs with or without an artist', () => {
    expect(songName({ id: 1, title: 'T', artist: 'A' })).toBe('A - T');
    expect(songName({ id: 1, title: 'T', artist: null })).toBe('T');
  });

  it('ages: now, minutes, hours, days', () => {
    expect(feedAge(1000, 1059)).toBe('now');
    expect(feedAge(1000, 1060)).toBe('1 min ago');
    expect(feedAge(0, 7200)).toBe('2 h ago');
    expect(feedAge(0, 3 * 86_400)).toBe('3 d ago');
    // A clock a little behind the server never shows a negative age.
    expect(feedAge(1005, 1000)).toBe('now');
  });
});
