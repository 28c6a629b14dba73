import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { badRequest } from '../../lib/http-error.js';
import { fsync } from './object-store.js';

/*
 * A backup is one small JSON file, its manifest, beside an `objects/` folder that holds the
 * bytes it lists (the database's snapshot and every file of DATA_DIR it keeps). The manifest
 * carries a SHA-256 of its own content, so that a truncated or edited manifest is known; each
 * object's name is the SHA-256 of its bytes.
 */

export const BACKUP_FORMAT = 'queuecast-backup';
export const BACKUP_VERSION = 1;
/** The name scheduled backups get, and that `npm run backup` suggests. */
export const BACKUP_SUFFIX = '.qcbackup';

const Sha = z.string().regex(/^[0-9a-f]{64}$/);

const Entry = z.object({
  /** Relative to DATA_DIR, with '/' between folders. */
  path: z
    .string()
    .min(1)
    .refine(
      (p) => !p.startsWith('/') && !p.split('/').some((part) => part === '..' || part === ''),
      {
        message: 'a path inside DATA_DIR',
      },
    ),
  sha256: Sha,
  size: z.number().int().nonnegative(),
  /** When the file was last changed: a later backup skips reading a file that kept it. */
  mtimeMs: z.number(),
});
export type ManifestEntry = z.infer<typeof Entry>;

const Body = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.string(),
  engine: z.enum(['sqlite', 'postgres']),
  /** The newest migration the database had. */
  schema: z.string(),
  /** SQLite: the database file; PostgreSQL: a pg_dump archive (custom format). */
  database: z.object({ sha256: Sha, size: z.number().int().nonnegative() }),
  files: z.array(Entry),
});
export type ManifestBody = z.infer<typeof Body>;
export type Manifest = ManifestBody & { checksum: string };

const checksumOf = (body: ManifestBody) =>
  crypto.createHash('sha256').update(JSON.stringify(body)).digest('hex');

/**
 * Writes the manifest as `file`: first as `file.partial`, flushed, then renamed, so that a
 * backup cut short never leaves a file by the name of a complete one.
 */
export async function writeManifest(file: string, body: ManifestBody): Promise<void> {
  const manifest: Manifest = { ...body, checksum: checksumOf(body) };
  const partial = `${file}.partial`;
  await fs.promises.writeFile(partial, `${JSON.stringify(manifest)}\n`);
  await fsync(partial);
  await fs.promises.rename(partial, file);
}

/** The manifest in `file`, or a 400 saying why it cannot be one (truncated, edited, other). */
export async function readManifest(file: string): Promise<Manifest> {
  const text = await fs.promises.readFile(file, 'utf8').catch(() => {
    throw badRequest(`No backup at ${file}.`);
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(`${file} is not a Queuecast backup, or it was cut short.`);
  }
  const { checksum, ...rest } = (parsed ?? {}) as { checksum?: unknown };
  const body = Body.safeParse(rest);
  if (!body.success || typeof checksum !== 'string') {
    throw badRequest(`${file} is not a Queuecast backup this version can read.`);
  }
  if (checksumOf(body.data) !== checksum) {
    throw badRequest(`${file} does not match its checksum: it was changed after it was made.`);
  }
  return { ...body.data, checksum };
}

const OPENING = `{"format":"${BACKUP_FORMAT}"`;

/** Whether the file begins as a manifest does (other files, however large, are not read). */
async function startsLikeManifest(file: string): Promise<boolean> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(
      Buffer.alloc(OPENING.length),
      0,
      OPENING.length,
      0,
    );
    return buffer.subarray(0, bytesRead).toString() === OPENING;
  } finally {
    await handle.close();
  }
}

/** Every manifest in `dir` (other files are passed over), oldest first by name. */
export async function manifestsIn(dir: string): Promise<{ file: string; manifest: Manifest }[]> {
  const names = (await fs.promises.readdir(dir).catch(() => [] as string[])).sort();
  const found: { file: string; manifest: Manifest }[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    if (name.endsWith('.partial') || !(await fs.promises.stat(file)).isFile()) continue;
    if (!(await startsLikeManifest(file))) continue;
    const manifest = await readManifest(file).catch(() => null);
    if (manifest) found.push({ file, manifest });
  }
  return found;
}
