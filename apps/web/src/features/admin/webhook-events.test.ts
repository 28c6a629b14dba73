import { MAX_WEBHOOKS, WEBHOOK_EVENTS, WEBHOOK_FORMATS } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { EVENTS, EVENT_TITLES, FORMATS, MAX_HOOKS, outcomeText } from './webhook-events';

describe('the webhooks page', () => {
  it('lists the events, formats and limit the server knows', () => {
    expect(EVENTS).toEqual(WEBHOOK_EVENTS);
    expect(FORMATS).toEqual(WEBHOOK_FORMATS);
    expect(MAX_HOOKS).toBe(MAX_WEBHOOKS);
    expect(Object.keys(EVENT_TITLES).sort()).toEqual([...WEBHOOK_EVENTS].sort());
  });

  it('says what came of a delivery', () => {
    const base = { status: null, error: null, attempts: 0 };
    expect(outcomeText({ ...base, state: 'pending' })).toBe('Waiting');
    expect(outcomeText({ ...base, state: 'delivered', status: 204, attempts: 1 })).toBe(
      'Delivered (204)',
    );
    expect(
      outcomeText({ ...base, state: 'pending', attempts: 2, status: 500, error: 'Answered 500' }),
    ).toBe('Retrying (try 2 failed: Answered 500)');
    expect(
      outcomeText({ ...base, state: 'failed', attempts: 6, error: 'No answer within 10 s' }),
    ).toBe('Failed after 6 tries: No answer within 10 s');
  });
});
