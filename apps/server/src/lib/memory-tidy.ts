import v8 from 'node:v8';
import vm from 'node:vm';
import { trimMemory } from '@queuecast/memory-trim';

/** V8's `gc`: a full collection, or a young-generation one with `{ type: 'minor' }`. */
type Collect = (options?: { type: 'minor' }) => void;

export interface TidyOptions {
  /** How often the young generation is collected and the old one looked at. */
  everyMs: number;
  /** Growth of the old generation, over its lowest since it was last collected, worth a collection. */
  majorAfterBytes: number;
  /** The old generation counts as settled when it grew less than this since the last look. */
  settledBytes: number;
  /** Runs V8 with `FAVOUR_SIZE` from now on. */
  favourSize: boolean;
  /**
   * The C allocator's free pages go back to the system after a full collection and at least
   * this often (0: never).
   */
  trimEveryMs: number;
}

/**
 * V8's choice of memory over speed: the heap grows in smaller steps and gives freed pages back
 * at once instead of keeping them for reuse. A station's server held about 125 MiB idle
 * without it and about 105 MiB with it; it is read while the process runs, so it can be set
 * after start.
 */
export const FAVOUR_SIZE = '--optimize-for-size';

export const DEFAULT_TIDY: TidyOptions = {
  everyMs: 5000,
  majorAfterBytes: 4 * 1024 * 1024,
  settledBytes: 1024 * 1024,
  favourSize: true,
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
 * listeners left the server holding 2–5 MiB more). V8 favours size, and after a full
 * collection and every 30 s the C allocator hands back the pages its threads freed (about
 * 12 MiB on an idle station). Returns a function that stops it; does nothing where neither
 * V8's collector nor the allocator's trim can be had.
 */
export function tidyMemory(options: TidyOptions = DEFAULT_TIDY): () => void {
  if (options.favourSize) v8.setFlagsFromString(FAVOUR_SIZE);
  const collect = collector();
  const trim = options.trimEveryMs > 0 ? trimMemory : null;
  if (!collect && !trim) return () => undefined;
  let lowest = oldSpaceUsed();
  let last = lowest;
  let trimmedAt = Date.now();
  /** Collects the young generation, and the old one when due; whether it did the old one. */
  const look = (gc: Collect) => {
    gc({ type: 'minor' });
    const used = oldSpaceUsed();
    // V8's own collections lower the mark too.
    lowest = Math.min(lowest, used);
    const settled = used - last < options.settledBytes;
    last = used;
    if (used - lowest < options.majorAfterBytes || !settled) return false;
    gc();
    lowest = last = oldSpaceUsed();
    return true;
  };
  const timer = setInterval(() => {
    const major = collect ? look(collect) : false;
    // Each trim costs up to a few milliseconds, and the pages it hands back are faulted in
    // again when next used: after a burst's collection, and otherwise now and then.
    if (trim && (major || Date.now() - trimmedAt >= options.trimEveryMs)) {
      trim();
      trimmedAt = Date.now();
    }
  }, options.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
