import type { RequestAllowance } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { allowanceText } from './request-allowance-rules';

const allowance = (over: Partial<RequestAllowance>): RequestAllowance => ({
  limit: 2,
  waiting: 0,
  remaining: 2,
  cooldown_s: 10,
  retry_after: 0,
  next_at: null,
  ...over,
});

describe('allowanceText', () => {
  it('counts the songs left under the limit', () => {
    expect(allowanceText(allowance({}), 1000)).toBe('You can request 2 more songs (of 2).');
    expect(allowanceText(allowance({ waiting: 1, remaining: 1 }), 1000)).toBe(
      'You can request 1 more song (of 2).',
    );
  });

  it('counts down the cooldown against the server clock', () => {
    const cooling = allowance({ waiting: 1, remaining: 1, retry_after: 10, next_at: 1010 });
    expect(allowanceText(cooling, 1000)).toBe(
      'You can request 1 more song (of 2); the next in 10 s.',
    );
    expect(allowanceText(cooling, 1009.2)).toBe(
      'You can request 1 more song (of 2); the next in 1 s.',
    );
    expect(allowanceText(cooling, 1010)).toBe('You can request 1 more song (of 2).');
  });

  it('at the limit says why no request can go through', () => {
    expect(allowanceText(allowance({ waiting: 2, remaining: 0, next_at: 1005 }), 1000)).toBe(
      'You have 2 songs waiting, the most you can: request again once one has played.',
    );
  });
});
