import { describe, expect, it } from 'vitest';
import { isTruncated, relativeTime, truncateMessage } from './message-text';

describe('truncateMessage', () => {
  it('keeps up to 64 characters as they are', () => {
    const text = 'x'.repeat(64);
    expect(truncateMessage(text)).toBe(text);
    expect(isTruncated(text)).toBe(false);
    expect(truncateMessage('')).toBe('');
  });

  it("cuts a longer message to 64 characters and '...'", () => {
    const text = `${'a'.repeat(64)}bcd`;
    expect(truncateMessage(text)).toBe(`${'a'.repeat(64)}...`);
    expect(isTruncated(text)).toBe(true);
  });

  it('never splits an emoji', () => {
    const text = '😀'.repeat(70);
    expect(truncateMessage(text)).toBe(`${'😀'.repeat(64)}...`);
  });
});

describe('relativeTime', () => {
  const now = 1_700_000_000;
  it('reads minutes, hours and days ago', () => {
    expect(relativeTime(now - 5, now)).toBe('just now');
    expect(relativeTime(now + 30, now)).toBe('just now');
    expect(relativeTime(now - 60, now)).toBe('1 min ago');
    expect(relativeTime(now - 5 * 60 - 59, now)).toBe('5 min ago');
    expect(relativeTime(now - 3600, now)).toBe('1 hour ago');
    expect(relativeTime(now - 3 * 3600, now)).toBe('3 hours ago');
    expect(relativeTime(now - 86400, now)).toBe('1 day ago');
    expect(relativeTime(now - 27 * 86400, now)).toBe('27 days ago');
  });

  it('gives the date for older messages', () => {
    const then = now - 60 * 86400;
    expect(relativeTime(then, now)).toBe(new Date(then * 1000).toLocaleDateString());
  });
});
