import { describe, expect, it } from 'vitest';
import { WriteJournal } from './write-journal.js';

const quiet = { warn: () => undefined, info: () => undefined };
const gone = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
const noWait = () => Promise.resolve();

describe('the write journal', () => {
  it('writes in order, each again while the database is away, and says when one waits', async () => {
    const journal = new WriteJournal(quiet, noWait);
    const done: string[] = [];
    let refusals = 3;
    const start = journal.add('start', async () => {
      if (refusals-- > 0) throw gone();
      done.push('start');
      return 7;
    });
    const waiting = journal.settledOrWaiting(new Promise(() => undefined));
    const end = journal.add('end', async () => {
      done.push('end');
    });
    await waiting;
    expect(await start).toBe(7);
    await end;
    expect(done).toEqual(['start', 'end']);
    expect(journal.pending).toBe(0);
  });

  it('fails a write that is wrong at once, and goes on with the next', async () => {
    const journal = new WriteJournal(quiet, noWait);
    const wrong = journal.add('wrong', () => Promise.reject(new Error('no such column')));
    const next = journal.add('next', () => Promise.resolve('ok'));
    await expect(wrong).rejects.toThrow('no such column');
    expect(await next).toBe('ok');
    // Nothing waits: a settled write is enough.
    await journal.settledOrWaiting(next);
  });
});
