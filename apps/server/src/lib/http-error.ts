/**
 * An error a service throws when the caller is at fault. The error handler turns it into
 * `{ error: message, ...extra }` with this status; anything else becomes a logged 500.
 */
export class HttpError extends Error {
  // Its name survives the minified build (logs name an error by its class).
  static {
    Object.defineProperty(this, 'name', { value: 'HttpError' });
  }
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'You must be logged in.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(
    429,
    message,
    { retry_after: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );
