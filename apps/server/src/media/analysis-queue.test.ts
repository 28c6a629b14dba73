import { describe, expect, it } from 'vitest';
import { AnalysisQueue } from './analysis-queue.js';

/** A piece of work that ends when told to. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { open, done };
}

describe('AnalysisQueue', () => {
  it('runs at most its concurrency at once; the rest wait in order, told their place', async () => {
    const queue = new AnalysisQueue(1);
    const first = gate();
    const second = gate();
    const events: string[] = [];
    const a = queue.run(() => first.done.then(() => 'a'), {
      queued: (p) => events.push(`a queued ${p}`),
      started: () => events.push('a started'),
    });
    const b = queue.run(() => second.done.then(() => 'b'), {
      queued: (p) => events.push(`b queued ${p}`),
      started: () => events.push('b started'),
    });
    const c = queue.run(async () => 'c', {
      queued: (p) => events.push(`c queued ${p}`),
      started: () => events.push('c started'),
    });
    await Promise.resolve();
    expect(queue.load).toEqual({ active: 1, waiting: 2 });
    expect(events).toEqual(['a started', 'b queued 1', 'c queued 2']);
    first.open();
    expect(await a).toBe('a');
    await new Promise((r) => setImmediate(r));
    expect(events.slice(3)).toEqual(['c queued 1', 'b started']);
    second.open();
    expect(await Promise.all([b, c])).toEqual(['b', 'c']);
    expect(events.at(-1)).toBe('c started');
    expect(queue.load).toEqual({ active: 0, waiting: 0 });
  });

  it('a failing piece of work frees its slot', async () => {
    const queue = new AnalysisQueue(2);
    const failed = queue.run(() => Promise.reject(new Error('bad file')));
    await expect(failed).rejects.toThrow('bad file');
    expect(queue.load).toEqual({ active: 0, waiting: 0 });
    expect(await queue.run(async () => 1)).toBe(1);
  });
});
