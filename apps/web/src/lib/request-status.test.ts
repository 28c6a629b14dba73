import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { getRequestStatus, setRequestStatus, statusOf, withStatus } from './request-status';

describe('request statuses', () => {
  it('keeps each song, idle by default, and drops a song that goes back to idle', () => {
    let statuses = withStatus({}, 10, 'busy');
    statuses = withStatus(statuses, 11, 'queued');
    expect(statusOf(statuses, 10)).toBe('busy');
    expect(statusOf(statuses, 11)).toBe('queued');
    expect(statusOf(statuses, 12)).toBe('idle');
    expect(statusOf(undefined, 10)).toBe('idle');
    statuses = withStatus(statuses, 10, 'idle');
    expect(statuses).toEqual({ 11: 'queued' });
  });

  it('lives in the query cache per user: another user starts afresh', () => {
    const queryClient = new QueryClient();
    setRequestStatus(queryClient, 1, 10, 'busy');
    setRequestStatus(queryClient, 1, 10, 'queued');
    setRequestStatus(queryClient, 2, 11, 'busy');
    expect(getRequestStatus(queryClient, 1, 10)).toBe('queued');
    expect(getRequestStatus(queryClient, 2, 10)).toBe('idle');
    expect(getRequestStatus(queryClient, 2, 11)).toBe('busy');
    expect(getRequestStatus(queryClient, 1, 11)).toBe('idle');
  });
});
