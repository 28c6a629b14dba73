import { createHash } from 'node:crypto';
import { API, ARTIST_LETTERS } from '@queuecast/contract';

/**
 * The API reads a page of the site makes first, as the client writes their paths: the page's
 * HTML names them (`data-early`) so that a small script in it starts them while the page's
 * scripts still load, instead of after (the client takes each answer once, see its
 * lib/early-reads.ts). Only public reads of the page's own content: the script sends them with
 * the visitor's own token, as the page would.
 */
export function earlyReads(pathname: string, search: string): string[] {
  const match = /^\/(song|user|artists)\/([^/]+)\/?$/.exec(pathname);
  if (match) {
    const [, kind, raw] = match as unknown as [string, string, string];
    let param: string;
    try {
      param = decodeURIComponent(raw);
    } catch {
      return [];
    }
    if (kind === 'song') {
      return /^[1-9]\d{0,9}$/.test(param) && Number(param) <= 2 ** 31 - 1
        ? [API.song.path({ id: Number(param) })]
        : [];
    }
    if (kind === 'user') return param.length <= 64 ? [API.profile.path({ username: param })] : [];
    const letter = param.toUpperCase();
    return (ARTIST_LETTERS as readonly string[]).includes(letter)
      ? [API.artistsByLetter.path({ letter })]
      : [];
  }
  if (pathname === '/search' || pathname === '/search/') {
    const q = (new URLSearchParams(search).get('q') ?? '').trim();
    return q && q.length <= 200 ? [API.search.path({ q })] : [];
  }
  return [];
}

/**
 * The Content-Security-Policy sources that let the template's own inline scripts (the early
 * reads' starter) run, and nothing else inline: a hash of each, as `'sha256-…'`.
 */
export function inlineScriptHashes(template: string): string[] {
  return [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
  );
}
