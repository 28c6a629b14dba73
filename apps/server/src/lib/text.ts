/** Lower case with accents removed: 'Amigà' and 'AMIGA' both become 'amiga'. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Words of letters and digits only; punctuation, quotes and operators are just separators. */
export function searchTokens(text: string, max = 8): string[] {
  return (foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, max);
}

/**
 * Longest word prefix the search indexes. A longer query word is cut to it, which can only add
 * matches (words sharing its first SEARCH_PREFIX_MAX letters), never lose one.
 */
export const SEARCH_PREFIX_MAX = 24;

/**
 * Every prefix of every word of a search document (already folded), from one letter up to
 * SEARCH_PREFIX_MAX, once each: 'neon dream' gives n, ne, neo, neon, d, dr, dre, drea, dream.
 * Indexed as whole terms, a word typed so far is then looked up as one exact term.
 */
export function wordPrefixes(document: string): string[] {
  const prefixes = new Set<string>();
  for (const word of document.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const letters = [...word].slice(0, SEARCH_PREFIX_MAX);
    let prefix = '';
    for (const letter of letters) prefixes.add((prefix += letter));
  }
  return [...prefixes];
}

/** An artist's browse bucket: 'A'..'Z', '0-9' for a leading digit, '-' for anything else. */
export function artistLetter(name: string): string {
  const first = foldText(name.trim()).charAt(0).toUpperCase();
  if (/[A-Z]/.test(first)) return first;
  if (/[0-9]/.test(first)) return '0-9';
  return '-';
}

/** A stable, URL-safe key for an artist name. */
export function artistHandle(name: string): string {
  const slug = foldText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'artist';
}

/** "1 second", "7 seconds": for the wait a 429 tells about. */
export const secondsText = (n: number): string => `${n} ${n === 1 ? 'second' : 'seconds'}`;

/**
 * A wait as a person reads it: seconds up to two minutes, then whole minutes up to two hours,
 * then hours, each rounded up ("3600 seconds" would be "60 minutes").
 */
export function waitText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s <= 120) return secondsText(s);
  if (s <= 2 * 3600) return `${Math.ceil(s / 60)} minutes`;
  return `${Math.ceil(s / 3600)} hours`;
}

/** "2026-11-23 14:05 UTC", for a refusal a listener reads. */
export function utcMinute(epochSeconds: number): string {
  return `${new Date(epochSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Printable ASCII only, anything else as '?': safe in an HTTP or ICY header line. */
export function printableAscii(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}

/**
 * Format characters that hide in text or reorder what surrounds it, and have no use in a name
 * or a chat line, removed wherever they stand:
 * - the bidirectional embeddings and overrides U+202A–U+202E and isolates U+2066–U+2069: they
 *   reorder the text after them, up to the end of the line when left open, so a title or a
 *   chat line could turn the words around it backwards;
 * - the invisible ones: U+200B zero-width space, U+2060–U+2064 (word joiner, invisible
 *   operators), U+FEFF (byte-order mark), U+180E (once a zero-width space) and the deprecated
 *   controls U+206A–U+206F. Unseen, they only make two names that look alike differ: an
 *   impostor's account, a duplicate song that the catalogue's checks cannot tell apart.
 */
const HIDDEN_FORMATTING = /[\u180e\u200b\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/** Letters of the scripts that draw with the joiners (Arabic, Persian, the Indic scripts…). */
const JOINING_LETTER = String.raw`(?![\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])[\p{L}\p{M}]`;
/**
 * U+200D zero-width joiner and U+200C non-joiner are kept where they do something: a ZWJ
 * between emoji makes one picture of several (👩‍💻, 🏳️‍🌈), and both choose the letter forms of
 * Persian, Arabic and the Indic scripts (می‌خواهم, क्‍ष). Elsewhere (at either end, beside a
 * space, between Latin, Greek or Cyrillic letters, where they change nothing one can see) they
 * go, as the other invisible characters do.
 */
const USEFUL_JOINER = new RegExp(
  String.raw`(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f])\u200d(?=\p{Extended_Pictographic})` +
    String.raw`|(?<=${JOINING_LETTER})[\u200c\u200d](?=${JOINING_LETTER})`,
  'uy',
);
/** Hebrew, Arabic and the other right-to-left scripts' blocks. */
const RIGHT_TO_LEFT =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
/**
 * U+200E and U+200F (left-to-right and right-to-left marks) and U+061C (Arabic letter mark)
 * are kept in text that has right-to-left letters: writers of Hebrew and Arabic type them to
 * put punctuation and numbers on the right side of a run. Unlike an embedding they open nothing
 * that reaches past their neighbours, and the web client isolates every user text besides. In
 * text without right-to-left letters they change nothing visible, and go.
 */
const DIRECTION_MARK = /[\u061c\u200e\u200f]/g;
const ANY_FORMATTING = /[\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/;

/**
 * Text as a listener may store it: without the format characters that hide in it or reorder
 * what surrounds it (see above). For names (songs, artists, platforms, tags, files) and for
 * everything shown to others (chat, messages, comments); tags read from files too.
 */
export function stripHiddenFormatting(text: string): string {
  if (!ANY_FORMATTING.test(text)) return text;
  const visible = text
    .replace(HIDDEN_FORMATTING, '')
    .replace(/[\u200c\u200d]/g, (joiner, offset: number, whole: string) => {
      USEFUL_JOINER.lastIndex = offset;
      return USEFUL_JOINER.test(whole) ? joiner : '';
    });
  return RIGHT_TO_LEFT.test(visible) ? visible : visible.replace(DIRECTION_MARK, '');
}

/** C0 and C1 controls, DEL included (a newline in a title would break an ICY block). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]+/g;

/**
 * A title or show name a DJ's software sent, as the station shows and stores it: without
 * control characters or hidden formatting, its spaces collapsed, cut to `max` characters
 * (whole code points, so an emoji is never halved). Empty when nothing is left.
 */
export function showText(text: string, max: number): string {
  const clean = stripHiddenFormatting(text.replace(CONTROLS, ' ')).replace(/\s+/g, ' ').trim();
  const points = [...clean];
  return points.length <= max ? clean : points.slice(0, max).join('').trimEnd();
}
