import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { OldGenerationWatch, tidyMemory } from './memory-tidy.js';

const MiB = 1024 * 1024;
const oldSpaceUsed = () =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_used_size;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs an ES module's source in a fresh Node.js process; answers what it printed, as JSON. */
function inFreshProcess<T>(script: string): T {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    encoding: 'utf8',
  });
  return JSON.parse(out) as T;
}

const WATCH = {
  everyMs: 5000,
  burstEveryMs: 1000,
  majorAfterBytes: 4 * MiB,
  settledBytes: MiB,
  slackBytes: 8 * MiB,
  slackEveryMs: 30_000,
};

describe('tidyMemory', () => {
  it('collects garbage that reached the old generation once it stops growing', async () => {
    const stop = tidyMemory({
      everyMs: 50,
      burstEveryMs: 50,
      majorAfterBytes: 8 * MiB,
      settledBytes: MiB,
      slackBytes: 8 * MiB,
      slackEveryMs: 30_000,
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

  it('looks every second while a burst grows the old generation, collects once it stops', () => {
    const watch = new OldGenerationWatch(30 * MiB, WATCH);
    // Each look: the old generation's size (MiB), then what the watch makes of it. `collected`
    // tells the watch what a collection left.
    const steps: [number, { collect: boolean; settled: boolean; inMs: number } | 'collected'][] = [
      // Quiet: a little growth each look, at the usual pace.
      [30.5, { collect: false, settled: true, inMs: 5000 }],
      // A burst: growing, looked at again soon, not collected while it grows.
      [40, { collect: false, settled: false, inMs: 1000 }],
      [52, { collect: false, settled: false, inMs: 1000 }],
      // It stopped: collected now, and looked at once more soon (the trim comes then).
      [52.5, { collect: true, settled: true, inMs: 1000 }],
      [31, 'collected'],
      [31.2, { collect: false, settled: true, inMs: 5000 }],
      // Slow growth that never looks like a burst is collected once it adds up.
      [32, { collect: false, settled: true, inMs: 5000 }],
      [32.9, { collect: false, settled: true, inMs: 5000 }],
      [33.8, { collect: false, settled: true, inMs: 5000 }],
      [34.7, { collect: false, settled: true, inMs: 5000 }],
      [35.2, { collect: true, settled: true, inMs: 1000 }],
      [31, 'collected'],
      // A collection V8 made on its own lowers the mark: growth counts from there.
      [29, { collect: false, settled: true, inMs: 5000 }],
      [29.9, { collect: false, settled: true, inMs: 5000 }],
    ];
    for (const [mib, expected] of steps) {
      if (expected === 'collected') {
        watch.collected(mib * MiB, 0);
        continue;
      }
      const seen = watch.look(mib * MiB, 0, 0);
      expect({ at: mib, ...seen, inMs: watch.nextLookMs(seen) }).toEqual({ at: mib, ...expected });
    }
  });

  it('collects a heap holding far more than it uses once settled, at most every 30 s', () => {
    // The old generation did not grow (V8 collected the burst itself) but the heap kept the
    // pages: collected once settled, and not again within 30 s.
    const watch = new OldGenerationWatch(30 * MiB, WATCH);
    expect(watch.look(30.2 * MiB, 8 * MiB, 40_000)).toEqual({ collect: true, settled: true });
    watch.collected(30 * MiB, 40_000);
    expect(watch.look(30.1 * MiB, 12 * MiB, 60_000)).toEqual({ collect: false, settled: true });
    expect(watch.look(30.1 * MiB, 12 * MiB, 70_000)).toEqual({ collect: true, settled: true });
    watch.collected(30 * MiB, 70_000);
    // Less slack than that is left alone; so is any while the old generation grows.
    expect(watch.look(30.2 * MiB, 7 * MiB, 200_000)).toEqual({ collect: false, settled: true });
    expect(watch.look(40 * MiB, 30 * MiB, 210_000)).toEqual({ collect: false, settled: false });
  });

  it("hands V8's emptied heap pages back: a young generation a burst grew shrinks", () => {
    // In a fresh process: a burst of short-lived objects grows the young generation to its
    // largest, and a plain full collection leaves it so.
    const script = `
      import v8 from 'node:v8';
      import vm from 'node:vm';
      import { reduceHeap } from '@queuecast/memory-trim';
      v8.setFlagsFromString('--expose-gc');
      const gc = vm.runInNewContext('gc');
      let made = [];
      for (let i = 0; i < 300000; i++) made.push({ i, text: 'listener ' + i });
      made = null;
      gc();
      const committed = () => v8.getHeapStatistics().total_heap_size;
      const before = committed();
      reduceHeap();
      console.log(JSON.stringify({ before, after: committed() }));
    `;
    const r = inFreshProcess<{ before: number; after: number }>(script);
    // About 36 MiB before, 4 after.
    expect(r.before - r.after).toBeGreaterThan(16 * MiB);
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
    const r = inFreshProcess<{ released: boolean | null; before: number; after: number }>(script);
    expect(r.released).toBe(true);
    // About 117 MiB were freed; most of it goes back.
    expect(r.before - r.after).toBeGreaterThan(64 * 1024);
  });
});
