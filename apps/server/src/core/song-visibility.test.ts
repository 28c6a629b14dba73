import { describe, expect, it } from 'vitest';
import { canSeeSong, songAudience, songScope } from './song-visibility.js';

const listener = { id: 7, role: 'user' };
const other = { id: 8, role: 'user' };
const waiting = { reviewed: false, added_by: 7 };
const approved = { reviewed: true, added_by: 7 };

describe('songScope', () => {
  it('shows anonymous visitors the public catalogue, listeners theirs too, staff everything', () => {
    expect(songScope(null)).toEqual({ kind: 'public' });
    expect(songScope(listener)).toEqual({ kind: 'own', userId: 7 });
    for (const role of ['helper', 'moderator', 'admin']) {
      expect(songScope({ id: 9, role })).toEqual({ kind: 'all' });
    }
  });
});

describe('canSeeSong', () => {
  it('shows an approved song to everyone', () => {
    for (const viewer of [null, listener, other, { id: 9, role: 'helper' }]) {
      expect(canSeeSong(approved, viewer)).toBe(true);
    }
  });

  it('shows a song waiting for review to staff and the listener who added it only', () => {
    expect(canSeeSong(waiting, listener)).toBe(true);
    expect(canSeeSong(waiting, { id: 9, role: 'helper' })).toBe(true);
    expect(canSeeSong(waiting, { id: 9, role: 'admin' })).toBe(true);
    expect(canSeeSong(waiting, other)).toBe(false);
    expect(canSeeSong(waiting, null)).toBe(false);
    // Its adder's account gone: staff only.
    expect(canSeeSong({ reviewed: false, added_by: null }, listener)).toBe(false);
  });
});

describe('songAudience', () => {
  it('tells everyone of an approved song, staff and the adder of one waiting', () => {
    expect(songAudience(approved)).toEqual({ kind: 'everyone' });
    expect(songAudience(waiting)).toEqual({ kind: 'staff_and', userId: 7 });
  });
});
