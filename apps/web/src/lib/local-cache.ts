/** JSON copies of session data in localStorage (keys in lib/session.ts), tolerant of junk. */
export function readCached<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function writeCached(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (err) {
    // A full or blocked storage only costs the cached copy; the query cache still holds it.
    console.warn(`could not cache ${key}`, err);
  }
}

export function removeCached(key: string): void {
  localStorage.removeItem(key);
}
