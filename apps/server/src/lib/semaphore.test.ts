import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.js';

describe('Semaphore', () => {
  it('runs at most its limit at once, the others in order', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) =>
      gate.run(async () => {
        running++;
        most = Math.max(most, running);
        order.push(i);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return i;
      }),
    );
    for (let done = 0; done < 6; done++) {
      await new Promise((r) => setTimeout(r, 1));
      expect(gate.load.active).toBeLessThanOrEqual(2);
      releases.shift()!();
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it('a failing holder frees its place', async () => {
    const gate = new Semaphore(1);
    await expect(gate.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await gate.run(() => Promise.resolve('next'))).toBe('next');
  });
});
