/**
 * Hands the C allocator's free pages back to the system (glibc's malloc_trim); returns whether
 * any were. Null where the addon was not built (no compiler at install) or cannot load.
 */
export declare const trimMemory: (() => boolean) | null;
