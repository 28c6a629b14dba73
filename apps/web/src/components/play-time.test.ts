import { describe, expect, it } from 'vitest';
import { playTimeText } from './play-time';

const now = 1_000_000;

describe('playTimeText', () => {
  it('marks the song on air', () => {
    expect(playTimeText({ source: 'now', start_time: now - 30 }, now)).toBe('▶ Now');
    expect(playTimeText({ isNowPlaying: true }, now)).toBe('▶ Now');
  });

  it('says "Next up!" within a minute, else the minutes to go', () => {
    expect(playTimeText({ source: 'upcoming', start_time: now + 60 }, now)).toBe('Next up!');
    expect(playTimeText({ source: 'upcoming', start_time: now - 5 }, now)).toBe('Next up!');
    expect(playTimeText({ source: 'upcoming', start_time: now + 61 }, now)).toBe('in 1 min');
    expect(playTimeText({ source: 'upcoming', start_time: now + 300 }, now)).toBe('in 5 mins');
  });

  it('marks the station’s own next pick "Up next", however near its start', () => {
    expect(playTimeText({ source: 'upcoming', up_next: true, start_time: now + 30 }, now)).toBe(
      'Up next',
    );
    expect(playTimeText({ source: 'upcoming', up_next: true, start_time: now + 600 }, now)).toBe(
      'Up next',
    );
  });

  it('says "Just played" under a minute (or a start in the future), else minutes ago', () => {
    expect(playTimeText({ source: 'history', start_time: now - 59 }, now)).toBe('Just played');
    expect(playTimeText({ source: 'history', start_time: now + 20 }, now)).toBe('Just played');
    expect(playTimeText({ source: 'history', start_time: now - 60 }, now)).toBe('1 min ago');
    expect(playTimeText({ source: 'history', played_at: now - 150 }, now)).toBe('2 mins ago');
  });

  it('is blank without a time', () => {
    expect(playTimeText({ source: 'upcoming' }, now)).toBe('');
    expect(playTimeText({}, now)).toBe('');
  });
});
