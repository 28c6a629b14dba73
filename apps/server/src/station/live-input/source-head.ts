/*
 * The request a source client opens with, read off the socket by the live input itself: a
 * source's body is audio without a length (Icecast's `SOURCE`, and the `PUT` ffmpeg sends
 * without Content-Length or chunking), which Node's HTTP parser would take for the next request.
 */

/** The largest request head a source may send; a longer one is refused. */
export const HEAD_MAX_BYTES = 16 * 1024;

export interface SourceHead {
  method: string;
  /** The path without its query. */
  path: string;
  version: string;
  /** Lower-cased names; a repeated header keeps its first value. */
  headers: Map<string, string>;
  /** The head's bytes as they came, for a node that forwards the connection. */
  raw: Buffer;
}

export type HeadResult =
  | { kind: 'head'; head: SourceHead; rest: Buffer }
  | { kind: 'incomplete' }
  | { kind: 'invalid'; reason: string };

const REQUEST_LINE = /^([A-Z]{1,16}) (\S{1,2048}) (HTTP\/1\.[01])$/;
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}):[ \t]*(.*?)[ \t]*$/;

/** Parses the head at the start of `data` once its blank line has arrived. */
export function parseSourceHead(data: Buffer): HeadResult {
  let end = data.indexOf('\r\n\r\n');
  let skip = 4;
  const bare = data.indexOf('\n\n');
  if (bare >= 0 && (end < 0 || bare < end)) {
    end = bare;
    skip = 2;
  }
  if (end < 0) {
    return data.length > HEAD_MAX_BYTES
      ? { kind: 'invalid', reason: 'request head too long' }
      : { kind: 'incomplete' };
  }
  if (end > HEAD_MAX_BYTES) return { kind: 'invalid', reason: 'request head too long' };
  const lines = data.subarray(0, end).toString('latin1').split(/\r?\n/);
  const request = REQUEST_LINE.exec(lines[0] ?? '');
  if (!request) return { kind: 'invalid', reason: 'malformed request line' };
  const headers = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const header = HEADER_LINE.exec(line);
    if (!header) return { kind: 'invalid', reason: 'malformed header' };
    const name = header[1]!.toLowerCase();
    if (!headers.has(name)) headers.set(name, header[2]!);
  }
  const target = request[2]!;
  const query = target.indexOf('?');
  return {
    kind: 'head',
    head: {
      method: request[1]!,
      path: query < 0 ? target : target.slice(0, query),
      version: request[3]!,
      headers,
      raw: data.subarray(0, end + skip),
    },
    rest: data.subarray(end + skip),
  };
}

const REASONS: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  503: 'Service Unavailable',
};

/**
 * A complete answer: the status, the message as the body (source clients show it to the DJ),
 * and `Connection: close`, unless the client may go on (`keepAlive`, HTTP/1.1).
 */
export function sourceAnswer(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  keepAlive = false,
): string {
  const body = `${message}\n`;
  const lines = [
    `HTTP/${keepAlive ? '1.1' : '1.0'} ${status} ${REASONS[status] ?? 'Error'}`,
    'Server: Queuecast',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    keepAlive ? 'Connection: keep-alive' : 'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Whether the connection stays open after an answer to this request: HTTP/1.1, not asked to
 * close, and no body (`Content-Length: 0`, or none and no `Expect`: nothing is streaming yet).
 */
export function keepsAlive(head: SourceHead): boolean {
  if (head.version !== 'HTTP/1.1' || head.method === 'SOURCE') return false;
  if (/\bclose\b/i.test(head.headers.get('connection') ?? '')) return false;
  const length = head.headers.get('content-length');
  if (head.method === 'OPTIONS') return length === undefined || length === '0';
  return length === '0';
}

/** The answer to `OPTIONS *`: what the live input takes, and no TLS (the proxy's business). */
export function optionsAnswer(): string {
  return (
    'HTTP/1.1 200 OK\r\nServer: Queuecast\r\nAllow: OPTIONS, PUT, SOURCE\r\n' +
    'Content-Length: 0\r\nConnection: keep-alive\r\n\r\n'
  );
}

/**
 * What a source is told once it may stream: `100 Continue` to a client that waits for it
 * before sending (ffmpeg's PUT), else Icecast's `200 OK`, after which it sends its audio.
 */
export function acceptAnswer(head: SourceHead): string {
  const expects = /100-continue/i.test(head.headers.get('expect') ?? '');
  return expects
    ? 'HTTP/1.1 100 Continue\r\n\r\n'
    : 'HTTP/1.0 200 OK\r\nServer: Queuecast\r\nConnection: close\r\n\r\n';
}

/**
 * The head as a node forwarding the connection to the playout sends it on, marked as
 * forwarded, so that the playout never forwards it again (no loops between nodes).
 */
export const FORWARDED_HEADER = 'x-queuecast-forwarded';
export function forwardedHead(head: SourceHead): Buffer {
  const text = head.raw.toString('latin1').replace(/\r?\n\r?\n$/, '');
  return Buffer.from(`${text}\r\n${FORWARDED_HEADER}: 1\r\n\r\n`, 'latin1');
}
