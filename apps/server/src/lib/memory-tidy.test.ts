import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { tidyMemory } from './memory-tidy.js';

const MiB = 1024 * 1024;
const oldSpaceUsed = () =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('tidyMemory', () => {
  it('collects garbage that reached the old generation once it stops growing', async () => {
    const stop = tidyMemory({
      everyMs: 50,
      majorAfterBytes: 8 * MiB,
      settledBytes: MiB,
      favourSize: false,
      trimEveryMs: 0,
    });
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

  it('hands the pages the C allocator holds free back to the system', () => {
    // In a fresh process, so that nothing else allocates meanwhile: 2,000 buffers of 64 KiB
    // (from the C heap, below glibc's mmap threshold), one in 16 kept so the free space lies
    // between live ones and not at the heap's top, where free() alone would give it back.
    const script = `
      import fs from 'node:fs';
      import v8 from 'node:v8';
      import vm from 'node:vm';
      import { trimMemory } from '@queuecast/memory-trim';
      v8.setFlagsFromString('--expose-gc');
      const gc = vm.runInNewContext('gc');
      const rssKiB = () => Number(/VmRSS:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]);
      let all = Array.from({ length: 2000 }, () => Buffer.alloc(64 * 1024, 1));
      const kept = all.filter((_, i) => i % 16 === 0);
      all = null;
      gc();
      gc();
      const before = rssKiB();
      const released = trimMemory?.() ?? null;
      const after = rssKiB();
      console.log(JSON.stringify({ released, before, after, kept: kept.length }));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
    });
    const r = JSON.parse(out) as { released: boolean | null; before: number; after: number };
    expect(r.released).toBe(true);
    // About 117 MiB were freed; most of it goes back.
    expect(r.before - r.after).toBeGreaterThan(64 * 1024);
  });
});
