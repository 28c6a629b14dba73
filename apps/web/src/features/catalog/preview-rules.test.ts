import { describe, expect, it } from 'vitest';
import { previewFailureText } from './preview-rules';

describe('previewFailureText', () => {
  it('says how long to wait when previewing too fast', () => {
    expect(
      previewFailureText({
        kind: 'status',
        status: 429,
        message: "You're previewing too fast. Wait 5 seconds.",
        retryAfter: 5,
      }),
    ).toBe("You're previewing too fast. Wait 5 seconds.");
    expect(previewFailureText({ kind: 'status', status: 429, message: 'Slow down.' })).toBe(
      'Slow down.',
    );
    expect(previewFailureText({ kind: 'status', status: 429 })).toBe(
      "You're previewing too fast. Wait a moment.",
    );
  });

  it('is one text for everything else', () => {
    for (const status of [404, 409, 422, 500]) {
      expect(previewFailureText({ kind: 'status', status, message: 'x' })).toBe(
        'Failed to fetch preview',
      );
    }
    expect(previewFailureText({ kind: 'network' })).toBe('Failed to fetch preview');
  });
});
