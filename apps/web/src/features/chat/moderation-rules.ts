import type { ChatSettings, ModerationEntry } from '@queuecast/contract';

/** What staff may pick in a line's menu: minutes of silence, as the mute endpoint takes them. */
export const MUTE_CHOICES = [
  { label: '5 min', minutes: 5 },
  { label: '1 h', minutes: 60 },
  { label: '24 h', minutes: 24 * 60 },
] as const;

/**
 * The word filter as staff type it: one word or phrase per line or between commas; blanks and
 * repeats (ignoring case, as the server stores them lowercased) dropped.
 */
export function parseWordFilter(text: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const piece of text.split(/[,\n\r]+/)) {
    const word = piece.trim();
    const key = word.toLowerCase();
    if (!word || seen.has(key)) continue;
    seen.add(key);
    words.push(word);
  }
  return words;
}

/** The stored filter back in the textarea: one word per line. */
export const formatWordFilter = (words: readonly string[]): string => words.join('\n');

/** Limits the server enforces, checked here so a typo is named before the round trip. */
export const SLOW_MODE_MAX_SECONDS = 3600;
export const FILTER_WORD_MAX = 50;
export const FILTER_MAX_WORDS = 500;

/** The settings form's input, checked: the settings to save, or the first problem. */
export function readChatSettings(
  slowModeText: string,
  filterText: string,
): { ok: true; settings: ChatSettings } | { ok: false; error: string } {
  const trimmed = slowModeText.trim();
  const slow = trimmed === '' ? 0 : Number(trimmed);
  if (!Number.isInteger(slow) || slow < 0 || slow > SLOW_MODE_MAX_SECONDS) {
    return {
      ok: false,
      error: `Slow mode must be a whole number of seconds from 0 to ${SLOW_MODE_MAX_SECONDS}.`,
    };
  }
  const words = parseWordFilter(filterText);
  const long = words.find((w) => w.length > FILTER_WORD_MAX);
  if (long !== undefined) {
    return {
      ok: false,
      error: `"${long.slice(0, 20)}…" is longer than ${FILTER_WORD_MAX} characters.`,
    };
  }
  if (words.length > FILTER_MAX_WORDS) {
    return { ok: false, error: `At most ${FILTER_MAX_WORDS} filtered words.` };
  }
  return { ok: true, settings: { slow_mode_seconds: slow, word_filter: words } };
}

const minutesText = (minutes: number): string =>
  minutes % (24 * 60) === 0
    ? `${minutes / (24 * 60)} d`
    : minutes % 60 === 0
      ? `${minutes / 60} h`
      : `${minutes} min`;

/** One log entry in words, for the admins' list ("muted ann for 1 h"). */
export function logEntryText(entry: ModerationEntry): string {
  const target = entry.target ?? 'a deleted user';
  const d = entry.detail;
  switch (entry.action) {
    case 'oneliner.delete': {
      const text = typeof d.message === 'string' ? `: “${d.message}”` : '';
      return `deleted a message by ${target}${text}`;
    }
    case 'user.mute':
      return typeof d.minutes === 'number'
        ? `muted ${target} for ${minutesText(d.minutes)}`
        : `muted ${target}`;
    case 'user.unmute':
      return `unmuted ${target}`;
    case 'chat.settings': {
      const slow = typeof d.slow_mode_seconds === 'number' ? d.slow_mode_seconds : 0;
      const words = Array.isArray(d.word_filter) ? d.word_filter.length : 0;
      return `set slow mode to ${slow > 0 ? `${slow} s` : 'off'} and ${words} filtered ${words === 1 ? 'word' : 'words'}`;
    }
    default:
      return entry.target ? `${entry.action} ${entry.target}` : entry.action;
  }
}
