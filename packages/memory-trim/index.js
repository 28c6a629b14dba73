import { createRequire } from 'node:module';

const addon = load();

/**
 * Hands the C allocator's free pages back to the system (glibc's malloc_trim); returns whether
 * any were. Null where the addon was not built (no compiler at install) or cannot load.
 */
export const trimMemory = addon ? () => addon.trim() : null;

/**
 * A full collection that gives V8's emptied heap pages back, as V8 does when the system runs
 * low on memory: it compacts, shrinks a young generation that a burst grew, and repeats until
 * nothing more is freed (tens of milliseconds on a server's heap). Null where the addon could
 * not be loaded.
 */
export const reduceHeap = addon ? () => addon.reduceHeap() : null;

function load() {
  try {
    return createRequire(import.meta.url)('./build/Release/memory_trim.node');
  } catch {
    return null;
  }
}
