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

/** "2026-11-23 14:05 UTC", for a refusal a listener reads. */
export function utcMinute(epochSeconds: number): string {
  return `${new Date(epochSeconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Printable ASCII only, anything else as '?': safe in an HTTP or ICY header line. */
export function printableAscii(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?');
}
