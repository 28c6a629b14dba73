/**
 * The page's first API reads, started by the small script in index.html while the page's
 * scripts still load: the server names them on the page (`data-early` on <html>, see the
 * server's page-early.ts), and the script sends each with the stored token, as `api` would.
 * `api` takes such a read instead of sending its own, once, and only when it was sent with the
 * token the page holds now: a read sent with another token (an expired one the session dropped)
 * is never shown to this session.
 */
export interface EarlyRead {
  /** The token the read was sent with, or null when it went without one. */
  token: string | null;
  /** Its answer, or null when it never came (offline). */
  response: Promise<Response | null>;
}

declare global {
  interface Window {
    __earlyReads?: Record<string, EarlyRead>;
  }
}

/** The early read of `path` sent with `token`, at most once; null when there is none. */
export function takeEarlyRead(
  path: string,
  token: string | null,
  reads: Record<string, EarlyRead> | undefined = globalThis.window?.__earlyReads,
): Promise<Response | null> | null {
  const read = reads?.[path];
  if (!read) return null;
  delete reads[path];
  return read.token === token ? read.response : null;
}
