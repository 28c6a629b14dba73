import fs from 'node:fs';
import { HttpError } from './http-error.js';

/** What a write that found no room answers (507 Insufficient Storage). */
export const DISK_FULL = "The station's disk is full. Free some space, then try again.";

/** Room a new file needs beyond its own bytes before it is taken at all. */
export const DISK_MARGIN_BYTES = 16 * 1024 * 1024;

/** Whether `err` is the file system saying it has no room (or the user's quota is spent). */
export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export const diskFull = () => new HttpError(507, DISK_FULL);

/** Bytes free to this process on the file system of `dir`; Infinity when it cannot be told. */
export async function freeBytes(dir: string): Promise<number> {
  try {
    const stats = await fs.promises.statfs(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return Infinity;
  }
}

/** Whether the file system of `dir` has less than `want` bytes free (the margin by default). */
export async function spaceShort(dir: string, want = DISK_MARGIN_BYTES): Promise<boolean> {
  return (await freeBytes(dir)) < want;
}
