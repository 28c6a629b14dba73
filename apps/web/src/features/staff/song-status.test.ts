import { describe, expect, it } from 'vitest';
import { statusText, uploadDoneText } from './song-status';

describe('song status', () => {
  it('says each status in words', () => {
    expect(statusText('active')).toBe('Active');
    expect(statusText('missing_file')).toBe('Missing file');
    expect(statusText('review')).toBe('Waiting for review');
    expect(statusText('unplayable')).toBe('unplayable');
    expect(statusText('odd_new_state')).toBe('odd new state');
    expect(statusText(null)).toBe('Unknown');
    expect(statusText('')).toBe('Unknown');
  });

  it('tells what a finished upload means for the song', () => {
    expect(uploadDoneText({ status: 'active' })).toMatch(/on the air rotation/);
    expect(uploadDoneText({ status: 'review' })).toMatch(/waits for staff review/);
    expect(uploadDoneText({ status: 'missing_file' })).toBe(
      'Upload complete. Status: Missing file.',
    );
  });
});
