import { takeEarlyRead } from './early-reads';
import { sessionStore } from './session';

/** A non-2xx answer; `message` is the server's `error` (or `message`) text when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly body: unknown,
    /** Seconds to wait before trying again, from the body's `retry_after` or Retry-After. */
    readonly retryAfter: number | undefined = undefined,
  ) {
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** The request never got an answer (offline, server down). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network error', { cause });
    this.name = 'NetworkError';
  }
}

/** A 2xx answer that does not say what the call promised (e.g. no `success: true`). */
export class UnexpectedResponse extends Error {
  constructor() {
    super('Unexpected response from server');
    this.name = 'UnexpectedResponse';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A file sent as the body itself, with its own type (a picture), instead of JSON. */
  file?: Blob;
  signal?: AbortSignal;
}

/**
 * JSON over fetch with the session's bearer token. No timeout (a slow answer still counts);
 * 200-299 is success.
 * A 401 on a call that carried a token means the session is gone: log out.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return parseJson(await (await send(path, options)).text()) as T;
}

/** Like `api`, for a binary answer (audio): the body as a Blob. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await send(path, options)).blob();
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const session = sessionStore.get();
  const headers: Record<string, string> = {};
  if (options.file) headers['content-type'] = options.file.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (session) headers.authorization = `Bearer ${session.token}`;
  // A read the page started before its scripts ran: taken when it succeeded; anything else
  // (a refusal, no answer) is asked again here, so that its error takes the usual path.
  const read = (options.method ?? 'GET') === 'GET' && options.body === undefined;
  const early = read ? takeEarlyRead(path, session?.token ?? null) : null;
  if (early) {
    const res = await early;
    if (res?.ok) return res;
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.file ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new NetworkError(err);
  }
  if (res.status >= 200 && res.status <= 299) return res;
  const text = await res.text().catch(() => '');
  throw refusal(res.status, text, res.headers.get('retry-after'), session?.token ?? null);
}

/**
 * The ApiError for a non-2xx answer, from its body text and Retry-After header. A 401 to a
 * call that carried a token logs out (unless the page has a newer token by then). For callers
 * that send without fetch (uploads).
 */
export function refusal(
  status: number,
  text: string,
  retryAfterHeader: string | null,
  sentToken: string | null,
): ApiError {
  const body = parseJson(text);
  const b = body as { error?: unknown; message?: unknown; retry_after?: unknown } | undefined;
  const message =
    typeof b?.error === 'string' ? b.error : typeof b?.message === 'string' ? b.message : undefined;
  const retryAfter = typeof b?.retry_after === 'number' ? b.retry_after : seconds(retryAfterHeader);
  if (status === 401 && sentToken !== null) sessionStore.refused(sentToken);
  return new ApiError(status, message, body, retryAfter);
}

export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** A Retry-After header in its delay-seconds form; the date form is not used by our server. */
function seconds(header: string | null): number | undefined {
  const n = header === null ? NaN : Number(header);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/** The text to show for a failed call: the server's message, else the caller's fallback. */
export function errorText(err: unknown, fallback: string, network = fallback): string {
  if (err instanceof NetworkError) return network;
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  return fallback;
}

/** What went wrong with a call, in plain data, for the message rules of each widget. */
export type CallFailure =
  | { kind: 'network' }
  | { kind: 'status'; status: number; message?: string; retryAfter?: number }
  | { kind: 'unexpected' };

export function describeFailure(err: unknown): CallFailure {
  if (err instanceof NetworkError) return { kind: 'network' };
  if (err instanceof ApiError) {
    return {
      kind: 'status',
      status: err.status,
      message: err.serverMessage,
      retryAfter: err.retryAfter,
    };
  }
  return { kind: 'unexpected' };
}
