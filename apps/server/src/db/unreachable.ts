/** What a call that needs the database answers while it cannot be reached. */
export const DATABASE_UNREACHABLE = "The station's database is unreachable. Try again in a moment.";

/** Socket errors of a connection that cannot be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs of a server that is not there for us: class 08 (connection
 * exception), shutting down or starting (57P01–57P03), out of connection slots (53300).
 */
const PG_GONE = /^(08...|57P0[123]|53300)$/;

/** node-postgres's own words for a connection that failed or ended. */
const PG_DRIVER =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Connection closed/i;

/** SQLite's answers when its file cannot be read or written now (locked, I/O, no space). */
const SQLITE_GONE = /^SQLITE_(BUSY|IOERR|CANTOPEN|FULL|PROTOCOL)/;

/**
 * Whether `err` says the database cannot be reached (or written) now, rather than that the
 * statement was wrong: the caller's answer is then a 503, and the work is tried again later.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err instanceof AggregateError && err.errors.some(isDatabaseUnreachable)) return true;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || PG_GONE.test(code) || SQLITE_GONE.test(code)) return true;
  }
  if (PG_DRIVER.test(err.message)) return true;
  return err.cause !== undefined && err.cause !== err && isDatabaseUnreachable(err.cause);
}
