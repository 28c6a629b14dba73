import { describe, expect, it } from 'vitest';
import { reviewDoneText, reviewFailedText, reviewKindText, waitingText } from './review-text';

const file = { fileid: 1, filename: 'a.mp3', duration: 5, uploaded_by: 'ann' };

describe('review texts', () => {
  it('says how long an item waited', () => {
    const now = 1_000_000;
    expect(waitingText(now - 10, now)).toBe('just now');
    expect(waitingText(now + 30, now)).toBe('just now');
    expect(waitingText(now - 60, now)).toBe('1 min ago');
    expect(waitingText(now - 59 * 60, now)).toBe('59 mins ago');
    expect(waitingText(now - 2 * 3600, now)).toBe('2 hours ago');
    expect(waitingText(now - 3 * 86_400 - 5, now)).toBe('3 days ago');
  });

  it('names what waits', () => {
    expect(reviewKindText({ new_song: true, file })).toBe('New song and file');
    expect(reviewKindText({ new_song: true, file: null })).toBe('New song, no file yet');
    expect(reviewKindText({ new_song: false, file })).toBe('New file');
  });

  it('tells the outcome of a decision', () => {
    const outcome = (status: string) => ({ success: true as const, song_id: 1, status });
    expect(reviewDoneText('approve', 'Tune', outcome('active'))).toBe(
      'Approved: Tune is on the air rotation now.',
    );
    expect(reviewDoneText('approve', 'Tune', outcome('missing_file'))).toBe(
      'Approved: Tune (no file yet).',
    );
    expect(reviewDoneText('reject', 'Tune', outcome('removed'))).toBe(
      'Rejected: Tune was removed.',
    );
    expect(reviewDoneText('reject', 'Tune', outcome('active'))).toBe(
      'Rejected: the waiting file of Tune was removed.',
    );
    expect(reviewFailedText('reject')).toBe('Failed to reject');
  });
});
