import { createRequire } from 'node:module';

/**
 * Hands the C allocator's free pages back to the system (glibc's malloc_trim); returns whether
 * any were. Null where the addon was not built (no compiler at install) or cannot load.
 */
export const trimMemory = load();

function load() {
  try {
    const addon = createRequire(import.meta.url)('./build/Release/memory_trim.node');
    return () => addon.trim();
  } catch {
    return null;
  }
}
