import v8 from 'node:v8';
import vm from 'node:vm';
import { reduceHeap, trimMemory } from '@queuecast/memory-trim';

/** V8's `gc`: a full collection, or a young-generation one with `{ type: 'minor' }`. */
type Collect = (options?: { type: 'minor' }) => void;

export interface TidyOptions {
  /** How often the young generation is collected and the old one looked at. */
  everyMs: number;
  /** How soon the next look comes while the old generation is growing (a burst of work). */
  burstEveryMs: number;
  /** Growth of the old generation, over its lowest since it was last collected, worth a collection. */
  majorAfterBytes: number;
  /** The old generation counts as settled when it grew less than this since the last look. */
  settledBytes: number;
  /**
   * Heap pages V8 holds beyond what it uses (a young generation a burst grew, emptied pages)
   * worth handing back once settled, where V8's heap can be reduced; at most every
   * `slackEveryMs`.
   */
  slackBytes: number;
  slackEveryMs: number;
  /** Runs V8 with `FAVOUR_SIZE` from now on. */
  favourSize: boolean;
  /**
   * The C allocator's free pages go back to the system at the look after a full collection and
   * at least this often (0: never).
   */
  trimEveryMs: number;
}

/**
 * V8's choice of memory over speed: the heap grows in smaller steps and gives freed pages back
 * at once instead of keeping them for reuse. It is read while the process runs, so it can be
 * set after start. The server does not set it any more: with it, V8's memory reducer ran a full
 * collection every 10 to 35 s of an idle station, for ever (each giving back under half a
 * MiB), about 0.3 % of a core; without it, once the collections here hand back what a burst
 * left (`reduceHeap`), the idle server's RSS was the same (112 and 113 MiB, side by side).
 * The MP3 listener process starts with it.
 */
export const FAVOUR_SIZE = '--optimize-for-size';

export const DEFAULT_TIDY: TidyOptions = {
  everyMs: 5000,
  burstEveryMs: 1000,
  majorAfterBytes: 4 * 1024 * 1024,
  settledBytes: 1024 * 1024,
  slackBytes: 8 * 1024 * 1024,
  slackEveryMs: 30_000,
  favourSize: false,
  trimEveryMs: 30_000,
};

/** V8's collector, exposed for this process (as `--expose-gc` would at start). */
function collector(): Collect | null {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as Collect;
  v8.setFlagsFromString('--expose-gc');
  const fromContext: unknown = vm.runInNewContext('gc');
  return typeof fromContext === 'function' ? (fromContext as Collect) : null;
}

const oldSpaceUsed = () =>
  v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')?.space_used_size ?? 0;

type WatchOptions = Pick<
  TidyOptions,
  'everyMs' | 'burstEveryMs' | 'majorAfterBytes' | 'settledBytes' | 'slackBytes' | 'slackEveryMs'
>;

/** What a look saw: collect now, and whether the old generation stopped growing. */
export interface Seen {
  collect: boolean;
  settled: boolean;
}

/**
 * Follows the old generation's size from look to look: whether it is still growing, when it is
 * worth a full collection, and when to look next.
 */
export class OldGenerationWatch {
  private lowest: number;
  private last: number;
  private collectedAt = -Infinity;

  constructor(
    used: number,
    private readonly options: WatchOptions,
  ) {
    this.lowest = this.last = used;
  }

  /**
   * A look at `used` bytes of old generation with `slack` bytes of heap held beyond use, at
   * `now` (ms): collect once it stopped growing, if it grew enough or the slack is worth it.
   */
  look(used: number, slack: number, now: number): Seen {
    // V8's own collections lower the mark too.
    this.lowest = Math.min(this.lowest, used);
    const settled = used - this.last < this.options.settledBytes;
    this.last = used;
    const grown = used - this.lowest >= this.options.majorAfterBytes;
    const loose =
      slack >= this.options.slackBytes && now - this.collectedAt >= this.options.slackEveryMs;
    return { collect: settled && (grown || loose), settled };
  }

  /** The size a full collection left, at `now`. */
  collected(used: number, now: number): void {
    this.lowest = this.last = used;
    this.collectedAt = now;
  }

  /** Soon while it grows, and once more after a collection; otherwise at the usual pace. */
  nextLookMs(seen: Seen): number {
    return seen.settled && !seen.collect ? this.options.everyMs : this.options.burstEveryMs;
  }
}

/**
 * Keeps a mostly idle server's memory near what it uses. V8 collects when its heap fills, and
 * a station's heap fills slowly: meanwhile the audio passing through (decoded PCM, the MP3, a
 * few hundred kilobytes a second) sits in buffers outside the heap that are freed only when
 * their small wrappers are collected, and a burst of work (the demo library made, 5,000
 * listeners handed over in three seconds) leaves tens of megabytes of garbage in the old
 * generation, collected only when that generation next reaches a limit V8 set from its peak.
 * Both stayed for minutes and took the server from about 115 to 190 MiB. So every five seconds
 * the young generation is collected (about a millisecond), and the old one too once it has
 * grown by 4 MiB and then stopped growing (the burst is over; with 16 MiB the handover of 5,000
 * listeners left the server holding 2–5 MiB more). While it grows it is looked at every
 * second, so that a burst's garbage goes a second or two after its end. That collection is
 * V8's low-memory one where the addon has it (`reduceHeap`): a plain one left the young
 * generation the burst grew, and the pages it emptied, committed until V8's own memory reducer
 * ran about eight seconds later (the server 15 MiB larger meanwhile); so is one when the heap
 * holds 8 MiB beyond its use without having grown, at most every 30 s. A
 * second after a full collection and every 30 s the C allocator hands back the pages its
 * threads freed (about 12 MiB on an idle station). Returns a function that stops it; does
 * nothing where neither V8's collector nor the allocator's trim can be had.
 */
export function tidyMemory(options: TidyOptions = DEFAULT_TIDY): () => void {
  if (options.favourSize) v8.setFlagsFromString(FAVOUR_SIZE);
  const collect = collector();
  const trim = options.trimEveryMs > 0 ? trimMemory : null;
  if (!collect && !trim) return () => undefined;
  // Slack is worth a collection only where the collection hands it back.
  const watch = new OldGenerationWatch(oldSpaceUsed(), {
    ...options,
    slackBytes: reduceHeap ? options.slackBytes : Infinity,
  });
  let trimmedAt = Date.now();
  /** Collects the young generation, and the old one when due. */
  const look = (gc: Collect): Seen => {
    gc({ type: 'minor' });
    const heap = v8.getHeapStatistics();
    const seen = watch.look(oldSpaceUsed(), heap.total_heap_size - heap.used_heap_size, Date.now());
    if (seen.collect) {
      // A plain full collection leaves the heap's emptied pages and a young generation the
      // burst grew (up to 32 MiB) committed until V8's own memory reducer runs, seconds later.
      if (reduceHeap) reduceHeap();
      else gc();
      watch.collected(oldSpaceUsed(), Date.now());
    }
    return seen;
  };
  let timer: NodeJS.Timeout;
  const schedule = (ms: number) => {
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  /** A full collection was made at the last look: trim at this one. */
  let trimDue = false;
  const tick = () => {
    const seen: Seen = collect ? look(collect) : { collect: false, settled: true };
    // Each trim costs up to a few milliseconds, and the pages it hands back are faulted in
    // again when next used: a look after a burst's collection (the native memory behind the
    // objects it collected is freed by callbacks that run after it), and otherwise now and
    // then.
    if (trim && (trimDue || Date.now() - trimmedAt >= options.trimEveryMs)) {
      trim();
      trimmedAt = Date.now();
    }
    trimDue = seen.collect;
    schedule(watch.nextLookMs(seen));
  };
  schedule(options.everyMs);
  return () => clearTimeout(timer);
}
