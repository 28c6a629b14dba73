import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { tidyMemory } from './memory-tidy.js';

const MiB = 1024 * 1024;
const oldSpaceUsed = () =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('tidyMemory', () => {
  it('collects garbage that reached the old generation once it stops growing', async () => {
    const stop = tidyMemory({ everyMs: 50, majorAfterBytes: 8 * MiB, settledBytes: MiB, favourSize: false });
    try {
      const before = oldSpaceUsed();
      // A burst of work: objects that live through the young collections their own allocation
      // causes are promoted, and are old-generation garbage once it is over.
      const burst = () => {
        const made: { i: number; text: string }[] = [];
        for (let i = 0; i < 400_000; i++) made.push({ i, text: `listener ${i}` });
        return made.length;
      };
      expect(burst()).toBe(400_000);
      const grown = oldSpaceUsed();
      expect(grown - before).toBeGreaterThan(16 * MiB);
      const deadline = Date.now() + 5000;
      while (oldSpaceUsed() > grown - 16 * MiB && Date.now() < deadline) await sleep(50);
      expect(oldSpaceUsed()).toBeLessThan(grown - 16 * MiB);
    } finally {
      stop();
    }
  });
});
