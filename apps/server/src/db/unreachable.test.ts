import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from './unreachable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it('knows a database that is not there: refused, reset, shutting down, timed out, locked', () => {
    for (const err of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'all'),
      new Error('query failed', { cause: withCode('read ECONNRESET', 'ECONNRESET') }),
      withCode('database is locked', 'SQLITE_BUSY'),
      withCode('disk I/O error', 'SQLITE_IOERR_WRITE'),
      withCode('database or disk is full', 'SQLITE_FULL'),
    ]) {
      expect(isDatabaseUnreachable(err), err.message).toBe(true);
    }
  });

  it('leaves a statement that is wrong as what it is', () => {
    for (const err of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "selec"', '42601'),
      withCode('UNIQUE constraint failed: users.username', 'SQLITE_CONSTRAINT_UNIQUE'),
      new Error('no result'),
      'a string',
      null,
    ]) {
      expect(isDatabaseUnreachable(err)).toBe(false);
    }
  });
});
