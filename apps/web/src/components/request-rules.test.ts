import { describe, expect, it } from 'vitest';
import {
  requestableAgainText,
  requestButtonView,
  requestFailureText,
  requestSuccessText,
  songRequestView,
  tooFastText,
  unplayableText,
  waitText,
} from './request-rules';

describe('requestButtonView', () => {
  it('goes Request, then ... while busy, then Queued for good', () => {
    expect(requestButtonView('idle', false)).toEqual({ text: 'Request', disabled: false });
    expect(requestButtonView('busy', false)).toEqual({ text: '...', disabled: true });
    expect(requestButtonView('queued', false)).toEqual({ text: 'Queued', disabled: true });
    // The lists reload after success and the song comes back locked: it still says Queued.
    expect(requestButtonView('queued', true)).toEqual({ text: 'Queued', disabled: true });
  });

  it('says Locked for a recently played song', () => {
    expect(requestButtonView('idle', true)).toEqual({ text: 'Locked', disabled: true });
  });

  it('says Locked for a song that cannot play yet, and why', () => {
    expect(requestButtonView('idle', false, false)).toEqual({ text: 'Locked', disabled: true });
    expect(requestButtonView('idle', false, true)).toEqual({ text: 'Request', disabled: false });
    expect(unplayableText({ status: 'review', has_file: false })).toBe(
      "This song is waiting for staff review and can't be requested yet.",
    );
    expect(unplayableText({ status: 'missing_file', has_file: false })).toBe(
      "This song has no audio file yet, so it can't be requested.",
    );
  });
});

const PLAYABLE = { status: 'active', has_file: true };

describe('songRequestView', () => {
  it('is open for a requestable song and disabled while requesting', () => {
    expect(songRequestView('idle', false, true, PLAYABLE)).toEqual({ disabled: false, note: null });
    expect(songRequestView('busy', false, true, PLAYABLE)).toEqual({ disabled: true, note: null });
  });

  it('explains why it is disabled', () => {
    expect(songRequestView('queued', true, true, PLAYABLE)).toEqual({
      disabled: true,
      note: "This song can't be queued again just yet.",
    });
    expect(songRequestView('idle', true, true, PLAYABLE)).toEqual({
      disabled: true,
      note: "This song was played recently and can't be queued again just yet.",
    });
    expect(songRequestView('idle', false, false, PLAYABLE)).toEqual({
      disabled: true,
      note: 'You must be logged in to request.',
    });
  });
});

describe('songRequestView for a song that cannot play', () => {
  it('is closed for a song without a file, or waiting for review', () => {
    expect(
      songRequestView('idle', false, true, { status: 'missing_file', has_file: false }),
    ).toEqual({
      disabled: true,
      note: "This song has no audio file yet, so it can't be requested.",
    });
    expect(songRequestView('idle', false, true, { status: 'active', has_file: false })).toEqual({
      disabled: true,
      note: "This song has no audio file yet, so it can't be requested.",
    });
    expect(songRequestView('idle', false, true, { status: 'review', has_file: true })).toEqual({
      disabled: true,
      note: "This song is waiting for staff review and can't be requested yet.",
    });
  });

  it('says it was played recently before it says it has no file', () => {
    expect(
      songRequestView('idle', true, true, { status: 'missing_file', has_file: false }),
    ).toEqual({
      disabled: true,
      note: "This song was played recently and can't be queued again just yet.",
    });
  });

  it('opens again once the song is active with a file', () => {
    expect(songRequestView('idle', false, true, { status: 'active', has_file: true })).toEqual({
      disabled: false,
      note: null,
    });
  });

  it('still asks a logged-out listener to log in first', () => {
    expect(
      songRequestView('idle', false, false, { status: 'missing_file', has_file: false }),
    ).toEqual({
      disabled: true,
      note: 'You must be logged in to request.',
    });
  });
});

describe('request messages', () => {
  const status = (status: number, message?: string, retryAfter?: number) =>
    ({ kind: 'status', status, message, retryAfter }) as const;

  it('thanks with a tick in the compact list only', () => {
    expect(requestSuccessText('table')).toBe('Song successfully queued!');
    expect(requestSuccessText('song-page')).toBe('Song successfully queued!');
    expect(requestSuccessText('compact')).toBe('✅ Song successfully queued!');
  });

  it('says how long to wait when queuing too fast', () => {
    const text = "You're queuing too fast. Wait 7 seconds.";
    expect(requestFailureText(status(429, text, 7), 'table')).toBe(text);
    expect(requestFailureText(status(429, 'Wait 1 seconds.', 1), 'table')).toBe(
      "You're queuing too fast. Wait 1 second.",
    );
    expect(requestFailureText(status(429, text), 'table')).toBe(text);
    expect(requestFailureText(status(429), 'song-page')).toBe(
      "You're queuing too fast. Wait a moment.",
    );
  });

  it('shows the server reason for the limit and for conflicts, fixed texts otherwise', () => {
    expect(requestFailureText(status(403), 'table')).toBe('You already have 2 songs in the queue.');
    expect(requestFailureText(status(403, 'You already have 3 songs in the queue.'), 'table')).toBe(
      'You already have 3 songs in the queue.',
    );
    expect(requestFailureText(status(409), 'table')).toBe('This song was played recently.');
    expect(requestFailureText(status(409, 'This song is already in the queue.'), 'compact')).toBe(
      'This song is already in the queue.',
    );
  });

  it('has its own text for other answers, network failures and a lost session', () => {
    expect(requestFailureText(status(500, 'boom'), 'table')).toBe('Unexpected server response.');
    expect(requestFailureText(status(404, 'Song not found.'), 'compact')).toBe(
      'Unexpected server response.',
    );
    expect(requestFailureText(status(500), 'song-page')).toBe('Failed to request song.');
    expect(requestFailureText({ kind: 'network' }, 'song-page')).toBe('Failed to queue song.');
    expect(requestFailureText({ kind: 'unexpected' }, 'table')).toBe(
      'Unexpected response from server',
    );
    expect(requestFailureText(status(401), 'table')).toBe('You must be logged in to request.');
  });

  it('words the preview limit the same way', () => {
    expect(tooFastText('previewing', { retryAfter: 12 })).toBe(
      "You're previewing too fast. Wait 12 seconds.",
    );
    expect(tooFastText('previewing', { retryAfter: 0.4 })).toBe(
      "You're previewing too fast. Wait 1 second.",
    );
  });
});

describe('the wait until a locked song can be requested', () => {
  it('is said in hours and minutes, minutes rounded up', () => {
    expect(waitText(3 * 3600 + 11 * 60 + 5)).toBe('3 h 12 min');
    expect(waitText(2 * 3600)).toBe('2 h');
    expect(waitText(12 * 60)).toBe('12 min');
    expect(waitText(61)).toBe('2 min');
    expect(waitText(45)).toBe('45 s');
    expect(waitText(0.2)).toBe('1 s');
  });

  it('is shown only while the lock lasts', () => {
    expect(requestableAgainText(10_000 + 3 * 3600 + 12 * 60, 10_000)).toBe(
      'Requestable again in 3 h 12 min',
    );
    expect(requestableAgainText(10_000, 10_000)).toBeNull();
    expect(requestableAgainText(null, 10_000)).toBeNull();
  });
});
