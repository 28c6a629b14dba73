import type { FeedItem } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { feedAge, feedWords, songName } from './feed-text';

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
    expect(feedWords(item({ username: 'ann' }), 'Auto-DJ')).toEqual({
      before: 'Played ',
      after: ', requested by ann',
    });
    expect(feedWords(item({}), 'DJ Bot').after).toBe(', picked by DJ Bot');
  });

  it('says who requested or commented, and what is new', () => {
    expect(feedWords(item({ kind: 'requested', username: 'bob' }), 'x').before).toBe(
      'bob requested ',
    );
    expect(feedWords(item({ kind: 'comment', username: 'cy' }), 'x').before).toBe(
      'cy commented on ',
    );
    expect(feedWords(item({ kind: 'new_song' }), 'x').before).toBe('New in the catalogue: ');
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
