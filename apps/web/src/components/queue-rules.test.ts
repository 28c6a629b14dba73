import { describe, expect, it } from 'vitest';
import { queueActionBlock, queueBody, queueFailureText, queueSuccessText } from './queue-rules';

describe('queueBody', () => {
  it('adds the pick to the filter', () => {
    expect(queueBody({ artist_id: 7 }, 'least_recent')).toEqual({
      artist_id: 7,
      least_recent: true,
    });
    expect(queueBody({ platform: 'Amiga' }, 'random')).toEqual({ platform: 'Amiga' });
    expect(queueBody({ tags: ['a', 'b'] }, 'min3')).toEqual({ tags: ['a', 'b'], min_vote: 3 });
    expect(queueBody({ from_favorites: true }, 'min4')).toEqual({
      from_favorites: true,
      min_vote: 4,
    });
  });
});

describe('queue action messages', () => {
  it('sends nothing when logged out or without tags', () => {
    expect(queueActionBlock({ artist_id: 7 }, false)).toBe('You must be logged in to queue songs');
    expect(queueActionBlock({ tags: [] }, true)).toBe('No tags selected');
    expect(queueActionBlock({ tags: ['a'] }, true)).toBeNull();
    expect(queueActionBlock({ from_favorites: true }, true)).toBeNull();
  });

  it('names the queued song, or shows the server reason', () => {
    expect(queueSuccessText({ artist: 'Oscillator Ensemble', title: 'Sine Canon' })).toBe(
      'Queued Oscillator Ensemble – Sine Canon',
    );
    expect(queueSuccessText({ artist: '', title: 'Untitled' })).toBe('Queued Untitled');
    expect(queueSuccessText(null)).toBe('Song successfully queued!');
    expect(queueFailureText('No songs available with these tags')).toBe(
      'No songs available with these tags',
    );
    expect(queueFailureText(null)).toBe('Failed to queue song');
    expect(queueFailureText('')).toBe('Failed to queue song');
  });
});
