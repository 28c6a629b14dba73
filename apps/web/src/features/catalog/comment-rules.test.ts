import { describe, expect, it } from 'vitest';
import { commentFailureText } from './comment-rules';

describe('commentFailureText', () => {
  it("says the server's words for a mute, a bad comment and a too-fast one", () => {
    const muted = 'You are muted until 2026-06-04 16:05 UTC.';
    expect(commentFailureText({ kind: 'status', status: 403, message: muted })).toBe(muted);
    expect(commentFailureText({ kind: 'status', status: 400, message: 'Too long' })).toBe(
      'Too long',
    );
    expect(
      commentFailureText({ kind: 'status', status: 429, message: 'Wait 8 seconds', retryAfter: 8 }),
    ).toBe('Wait 8 seconds');
  });

  it('says a plain failure otherwise', () => {
    const plain = 'Failed to post comment.';
    expect(commentFailureText({ kind: 'status', status: 403 })).toBe(plain);
    expect(commentFailureText({ kind: 'status', status: 500, message: 'boom' })).toBe(plain);
    expect(commentFailureText({ kind: 'network' })).toBe(plain);
    expect(commentFailureText({ kind: 'unexpected' })).toBe(plain);
  });
});
