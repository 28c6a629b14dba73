import { describe, expect, it } from 'vitest';
import { FairSemaphore } from './fair-semaphore.js';

/** Runs `key`'s job through `gate`, holding the slot until the test lets it go. */
function holder(gate: FairSemaphore, order: string[], releases: (() => void)[]) {
  return (key: string, label: string) =>
    gate.run(key, async () => {
      order.push(label);
      await new Promise<void>((resolve) => releases.push(resolve));
      return label;
    });
}

/** Lets the running holders go one at a time until every job has run. */
async function drain(gate: FairSemaphore, releases: (() => void)[]) {
  while (gate.load.active > 0) {
    await new Promise((r) => setTimeout(r, 1));
    expect(gate.load.active).toBeLessThanOrEqual(1);
    releases.shift()?.();
  }
}

describe('FairSemaphore', () => {
  it('gives the slot to waiting keys in turn, not in order of arrival', async () => {
    const gate = new FairSemaphore(1);
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const run = holder(gate, order, releases);
    // The flooder queues five jobs before the others arrive.
    const jobs = [
      ...['f1', 'f2', 'f3', 'f4', 'f5'].map((label) => run('flooder', label)),
      run('ann', 'a1'),
      run('bob', 'b1'),
      run('ann', 'a2'),
    ];
    expect(gate.load).toEqual({ active: 1, waiting: 7 });
    await drain(gate, releases);
    await Promise.all(jobs);
    // f1 held the slot; then each waiting key takes one turn per round.
    expect(order).toEqual(['f1', 'f2', 'a1', 'b1', 'f3', 'a2', 'f4', 'f5']);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it('runs up to its limit at once; one key alone runs in order', async () => {
    const gate = new FairSemaphore(2);
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const run = holder(gate, order, releases);
    const jobs = ['1', '2', '3', '4'].map((label) => run('solo', label));
    await new Promise((r) => setTimeout(r, 1));
    expect(gate.load).toEqual({ active: 2, waiting: 2 });
    while (gate.load.active > 0) {
      await new Promise((r) => setTimeout(r, 1));
      releases.shift()?.();
    }
    expect(await Promise.all(jobs)).toEqual(['1', '2', '3', '4']);
    expect(order).toEqual(['1', '2', '3', '4']);
  });

  it('a failing holder frees its place', async () => {
    const gate = new FairSemaphore(1);
    await expect(gate.run('a', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await gate.run('b', () => Promise.resolve('next'))).toBe('next');
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });
});
