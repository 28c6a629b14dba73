import type { QueueSong } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { createQueueSong } from '../../test/factories';
import { trackAt, untilNextChange } from './track-at';

const song = (id: number, start: number, length: number, source: QueueSong['source']): QueueSong =>
  createQueueSong(id, {
    length,
    source,
    start_time: start,
    ...(source === 'history' ? { played_at: start } : {}),
  });

// Three songs back to back: 1 from 1000 to 1100, 2 from 1100 to 1130, 3 (on air) from 1130.
const now = song(3, 1130, 60, 'now');
const history = [song(2, 1100, 30, 'history'), song(1, 1000, 100, 'history')];
const update = { now_playing: now, history };

describe('trackAt', () => {
  it('gives the song on air, with the seconds to its end', () => {
    expect(trackAt(update, 1150)).toEqual({ song: now, remaining: 40 });
    expect(trackAt(update, 1130)).toEqual({ song: now, remaining: 60 });
  });

  it('gives the played song a listener still hears, some seconds behind the station', () => {
    expect(trackAt(update, 1125)).toEqual({ song: history[0], remaining: 5 });
    expect(trackAt(update, 1099.5)).toEqual({ song: history[1], remaining: 0.5 });
  });

  it('keeps the song on air at 0 after its end, before the next update', () => {
    expect(trackAt(update, 1195)).toEqual({ song: now, remaining: 0 });
  });

  it('keeps the song on air at its full length in a gap before it', () => {
    const gap = { now_playing: now, history: [song(1, 1000, 100, 'history')] };
    expect(trackAt(gap, 1110)).toEqual({ song: now, remaining: 60 });
  });

  it('gives a played song while the station is silent, else nothing', () => {
    const silent = { now_playing: null, history };
    expect(trackAt(silent, 1120)).toEqual({ song: history[0], remaining: 10 });
    expect(trackAt(silent, 1140)).toBeNull();
    expect(trackAt({ now_playing: null, history: [] }, 1140)).toBeNull();
  });
});

describe('untilNextChange', () => {
  it('waits for the countdown’s next whole second', () => {
    // 40.7 s left shows 0:41; it shows 0:40 from 0.7 s on.
    expect(untilNextChange(update, 1149.3)).toBeCloseTo(0.7, 9);
    expect(untilNextChange(update, 1150)).toBeCloseTo(1, 9);
  });

  it('wakes at the start of the next song, not a second later', () => {
    // A cut song keeps its full length in the history; the next one starts at a fraction.
    const cut = song(1, 1000, 100, 'history');
    const next = song(2, 1040.45, 30, 'now');
    const skipped = { now_playing: next, history: [cut] };
    expect(trackAt(skipped, 1040.2)?.song).toBe(cut);
    expect(untilNextChange(skipped, 1040.2)).toBeCloseTo(0.25, 9);
    expect(trackAt(skipped, 1040.2 + untilNextChange(skipped, 1040.2))?.song).toBe(next);
  });

  it('wakes at the end of a played song a listener still hears', () => {
    const gap = {
      now_playing: song(3, 1130.5, 60, 'now'),
      history: [song(2, 1100, 30, 'history')],
    };
    expect(untilNextChange(gap, 1129.9)).toBeCloseTo(0.1, 9);
    // In the gap the countdown is held: the next change is the song's start.
    expect(untilNextChange(gap, 1130.2)).toBeCloseTo(0.3, 9);
  });

  it('has nothing ahead after the song on air ends, or with nothing on air', () => {
    expect(untilNextChange(update, 1195)).toBe(Infinity);
    expect(untilNextChange({ now_playing: null, history: [] }, 1140)).toBe(Infinity);
  });
});
