import { describe, expect, it } from 'vitest';
import { fixedClock } from './clock.js';
import {
  effectiveLength,
  expectedEnds,
  isLocked,
  isPlayable,
  listenerRefusal,
  lockWindowStart,
  requestableAt,
  requestState,
  songRefusal,
  type RequestRules,
  type SongFacts,
} from './song-rules.js';

const HOUR = 3600;
const rules: RequestRules = { queueLimit: 2, lockSeconds: 12 * HOUR, cooldownSeconds: 10 };
const T0 = 1_800_000_000;

const song = (facts: Partial<SongFacts> = {}): SongFacts => ({
  status: 'active',
  has_file: true,
  last_played_at: null,
  queue_state: null,
  ...facts,
});

describe('lock window', () => {
  const clock = fixedClock(T0);
  const playedAt = T0 - 12 * HOUR; // the window ends exactly now

  it.each([
    ['one second inside the window', -1, true],
    ['at its end', 0, false],
    ['one second after it', 1, false],
  ])('%s', (_, offset, locked) => {
    clock.set(T0 + offset);
    expect(isLocked(playedAt, clock.now(), rules)).toBe(locked);
    expect(songRefusal(song({ last_played_at: playedAt }), clock.now(), rules)).toBe(
      locked ? 'locked' : null,
    );
    expect(requestableAt(song({ last_played_at: playedAt }), clock.now(), rules)).toBe(
      locked ? T0 : null,
    );
    // The SQL filters keep songs last played at or before the window's start: the same answer.
    expect(playedAt <= lockWindowStart(clock.now(), rules)).toBe(!locked);
  });

  it('never played: never locked, requestable now', () => {
    expect(isLocked(null, T0, rules)).toBe(false);
    expect(requestState(song(), T0, rules)).toEqual({
      recently_played: false,
      requestable_at: null,
    });
  });

  it('follows the configured hours', () => {
    const oneHour = { ...rules, lockSeconds: HOUR };
    expect(isLocked(T0 - HOUR + 1, T0, oneHour)).toBe(true);
    expect(isLocked(T0 - HOUR, T0, oneHour)).toBe(false);
  });
});

describe('songRefusal', () => {
  it.each<[string, Partial<SongFacts>, ReturnType<typeof songRefusal>]>([
    ['playable and free', {}, null],
    ['no file', { has_file: false }, 'no_file'],
    ['missing file status', { status: 'missing_file' }, 'no_file'],
    ['unplayable', { status: 'unplayable' }, 'no_file'],
    ['on air', { queue_state: 'playing' }, 'playing'],
    ['waiting', { queue_state: 'queued' }, 'queued'],
    ['played an hour ago', { last_played_at: T0 - HOUR }, 'locked'],
    // A song on air was also just played: it is refused as playing, not as locked.
    ['on air and locked', { queue_state: 'playing', last_played_at: T0 }, 'playing'],
  ])('%s', (_, facts, refusal) => {
    expect(songRefusal(song(facts), T0, rules)).toBe(refusal);
  });

  it('playable means active with a file', () => {
    expect(isPlayable({ status: 'active', has_file: true })).toBe(true);
    expect(isPlayable({ status: 'active', has_file: false })).toBe(false);
    expect(isPlayable({ status: 'pending', has_file: true })).toBe(false);
  });
});

describe('requestable_at', () => {
  it('a waiting song: the end of the window its coming play opens', () => {
    const waiting = song({ queue_state: 'queued' });
    expect(requestableAt(waiting, T0, rules, T0 + 300)).toBe(T0 + 300 + 12 * HOUR);
    // Lengths are fractional seconds; the answer is whole seconds, rounded up.
    expect(requestableAt(waiting, T0, rules, T0 + 300.4)).toBe(T0 + 301 + 12 * HOUR);
    // Without an estimate, no earlier than a window from now.
    expect(requestableAt(waiting, T0, rules)).toBe(T0 + 12 * HOUR);
    expect(requestState(waiting, T0, rules).recently_played).toBe(true);
  });

  it('a song without a playable file: null, and refused for that', () => {
    const broken = song({ has_file: false, last_played_at: T0 - 60 });
    expect(requestableAt(broken, T0, rules)).toBeNull();
    expect(songRefusal(broken, T0, rules)).toBe('no_file');
  });
});

describe('listenerRefusal', () => {
  it('allows below the limit and outside the cooldown', () => {
    expect(listenerRefusal({ waiting: 1, last_request_at: T0 - 10 }, T0, rules)).toBeNull();
    expect(listenerRefusal({ waiting: 0, last_request_at: null }, T0, rules)).toBeNull();
  });

  it.each([
    ['one second inside the cooldown', T0 - 9, 1],
    ['at the start of it', T0, 10],
  ])('cooldown: %s', (_, last, wait) => {
    expect(listenerRefusal({ waiting: 0, last_request_at: last }, T0, rules)).toEqual({
      reason: 'cooldown',
      retryAfter: wait,
    });
  });

  it('tells the limit before the cooldown', () => {
    expect(listenerRefusal({ waiting: 2, last_request_at: T0 }, T0, rules)).toEqual({
      reason: 'limit',
      limit: 2,
    });
    expect(listenerRefusal({ waiting: 1, last_request_at: T0 }, T0, rules)?.reason).toBe(
      'cooldown',
    );
  });
});

describe('queue timing', () => {
  it('effective length applies skip and cap', () => {
    expect(effectiveLength({ length: 200, h_length: 0, h_skip: 0 })).toBe(200);
    expect(effectiveLength({ length: 200, h_length: 0, h_skip: 30 })).toBe(170);
    expect(effectiveLength({ length: 200, h_length: 60, h_skip: 30 })).toBe(60);
    expect(effectiveLength({ length: 200, h_length: 500, h_skip: 30 })).toBe(170);
    expect(effectiveLength({ length: 20, h_length: 0, h_skip: 30 })).toBe(0);
  });

  it('expected ends: on air from its start, then each waiting entry after the last', () => {
    const ends = expectedEnds(
      [
        { song_id: 1, state: 'playing', started_at: T0 - 50, length: 180 },
        { song_id: 2, state: 'queued', started_at: null, length: 100 },
        { song_id: 3, state: 'queued', started_at: null, length: 60 },
      ],
      T0,
    );
    expect([...ends]).toEqual([
      [1, T0 + 130],
      [2, T0 + 230],
      [3, T0 + 290],
    ]);
  });

  it('an overdue track on air ends now at the earliest', () => {
    const ends = expectedEnds(
      [{ song_id: 1, state: 'playing', started_at: T0 - 500, length: 100 }],
      T0,
    );
    expect(ends.get(1)).toBe(T0);
  });
});
