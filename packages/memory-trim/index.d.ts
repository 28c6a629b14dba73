/**
 * Hands the C allocator's free pages back to the system (glibc's malloc_trim); returns whether
 * any were. Null where the addon was not built (no compiler at install) or cannot load.
 */
export declare const trimMemory: (() => boolean) | null;

/**
 * A full collection that gives V8's emptied heap pages back, as V8 does when the system runs
 * low on memory: it compacts, shrinks a young generation that a burst grew, and repeats until
 * nothing more is freed (tens of milliseconds on a server's heap). Null where the addon could
 * not be loaded.
 */
export declare const reduceHeap: (() => void) | null;
