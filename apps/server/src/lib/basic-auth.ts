/**
 * The username and password of an HTTP Basic `Authorization` header, or null when there is
 * none or it is malformed. Source clients send the DJ's username and stream key this way
 * (RFC 7617); the password may itself hold colons.
 */
export function basicCredentials(
  header: string | undefined,
): { username: string; password: string } | null {
  const match = /^\s*basic\s+([A-Za-z0-9+/=_-]{1,1024})\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** What a refusal of missing or wrong credentials adds, so that clients send theirs. */
export const BASIC_CHALLENGE = 'Basic realm="Icecast2 Server", charset="UTF-8"';
