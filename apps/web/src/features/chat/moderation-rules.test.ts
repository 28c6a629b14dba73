import type { ModerationEntry } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import {
  formatWordFilter,
  logEntryText,
  parseWordFilter,
  readChatSettings,
} from './moderation-rules';

// 2024-06-03 14:05:00 UTC.
const T = Date.UTC(2024, 5, 3, 14, 5) / 1000;

describe('word filter text', () => {
  it('splits on commas and lines, trims, drops blanks and repeats ignoring case', () => {
    expect(parseWordFilter('spam, Eggs\n\n  ham  \r\nSPAM,,bad word')).toEqual([
      'spam',
      'Eggs',
      'ham',
      'bad word',
    ]);
    expect(parseWordFilter('   \n , ')).toEqual([]);
  });

  it('writes the stored words one per line, which reads back the same', () => {
    const words = ['spam', 'bad word'];
    expect(formatWordFilter(words)).toBe('spam\nbad word');
    expect(parseWordFilter(formatWordFilter(words))).toEqual(words);
  });
});

describe('chat settings form', () => {
  it('reads slow mode seconds and the filter', () => {
    expect(readChatSettings(' 30 ', 'a, b')).toEqual({
      ok: true,
      settings: { slow_mode_seconds: 30, word_filter: ['a', 'b'] },
    });
    expect(readChatSettings('', '')).toEqual({
      ok: true,
      settings: { slow_mode_seconds: 0, word_filter: [] },
    });
  });

  it('names a bad slow mode or an over-long word', () => {
    for (const bad of ['-1', '1.5', 'abc', '3601']) {
      expect(readChatSettings(bad, '')).toMatchObject({ ok: false });
    }
    expect(readChatSettings('3600', '')).toMatchObject({ ok: true });
    const result = readChatSettings('0', 'x'.repeat(51));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/longer than 50/);
    const many = Array.from({ length: 501 }, (_, i) => `w${i}`).join(',');
    expect(readChatSettings('0', many)).toEqual({
      ok: false,
      error: 'At most 500 filtered words.',
    });
  });
});

describe('moderation log lines', () => {
  const entry = (action: string, detail: Record<string, unknown>, target: string | null = 'ann') =>
    ({ id: 1, actor: 'mod', action, target, detail, created_at: T }) satisfies ModerationEntry;

  it('describes each action', () => {
    expect(logEntryText(entry('oneliner.delete', { message: 'hi', message_id: 3 }))).toBe(
      'deleted a message by ann: “hi”',
    );
    expect(logEntryText(entry('user.mute', { minutes: 5 }))).toBe('muted ann for 5 min');
    expect(logEntryText(entry('user.mute', { minutes: 60 }))).toBe('muted ann for 1 h');
    expect(logEntryText(entry('user.mute', { minutes: 1440 }))).toBe('muted ann for 1 d');
    expect(logEntryText(entry('user.unmute', { minutes: 0 }))).toBe('unmuted ann');
    expect(
      logEntryText(entry('chat.settings', { slow_mode_seconds: 10, word_filter: ['a'] }, null)),
    ).toBe('set slow mode to 10 s and 1 filtered word');
    expect(
      logEntryText(entry('chat.settings', { slow_mode_seconds: 0, word_filter: [] }, null)),
    ).toBe('set slow mode to off and 0 filtered words');
    expect(logEntryText(entry('user.mute', {}, null))).toBe('muted a deleted user');
    expect(logEntryText(entry('something.new', {}))).toBe('something.new ann');
  });
});
