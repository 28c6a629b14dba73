import { sessionStore } from './session';

/** A non-2xx answer; `message` is the server's `error` (or `message`) text when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | undefined,
    readonly body: unknown,
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * JSON over fetch with the session's bearer token. No timeout (spec §9); 200-299 is success.
 * A 401 on a call that carried a token means the session is gone: log out.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const session = sessionStore.get();
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (session) headers.authorization = `Bearer ${session.token}`;
  let res: Response;
  try {
    res = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new NetworkError(err);
  }
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  if (res.status < 200 || res.status > 299) {
    const b = body as { error?: unknown; message?: unknown } | undefined;
    const message =
      typeof b?.error === 'string'
        ? b.error
        : typeof b?.message === 'string'
          ? b.message
          : undefined;
    if (res.status === 401 && session) sessionStore.logout();
    throw new ApiError(res.status, message, body);
  }
  return body as T;
}

/** The text to show for a failed call: the server's message, else the caller's fallback. */
export function errorText(err: unknown, fallback: string, network = fallback): string {
  if (err instanceof NetworkError) return network;
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  return fallback;
}
