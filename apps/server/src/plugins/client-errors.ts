import http from 'node:http';
import type { Socket } from 'node:net';

/** What a request that never reached a route is told, in the API's `{ error }` shape. */
const ANSWERS: Record<number, string> = {
  400: 'The request is not valid HTTP.',
  408: 'The request took too long to arrive.',
  431: 'The URL and headers must be at most 16 KiB.',
};

/** How long a refused connection may stay to read its answer before it is cut. */
const LINGER_MS = 2000;
const answered = new WeakSet<Socket>();

function statusOf(err: NodeJS.ErrnoException): number {
  if (err.code === 'HPE_HEADER_OVERFLOW') return 431;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/** The raw response for `status`, closing the connection. */
export function rawAnswer(status: number, error = ANSWERS[status] ?? 'Bad request.'): string {
  const body = JSON.stringify({ error });
  return (
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\n` +
    `Content-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/**
 * Answers `socket` and closes it gently: what the client is still sending is read and dropped
 * until it has closed too (or LINGER_MS has passed), because cutting a connection with unread
 * data resets it, and the reset can overtake the answer on its way.
 */
export function answerAndClose(socket: Socket, response: string): void {
  // A parser that failed fails again on every chunk still arriving: one answer is enough.
  if (socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  socket.on('error', () => undefined);
  if (socket.writable) socket.end(response);
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * Fastify's `clientErrorHandler`: a request Node refuses before any route (a URL and headers
 * over 16 KiB, headers that do not arrive within the headers timeout, broken HTTP) gets the
 * same `{ error }` body as every other refusal, which the OpenAPI document declares.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET') return void socket.destroy();
  answerAndClose(socket, rawAnswer(statusOf(err)));
}
