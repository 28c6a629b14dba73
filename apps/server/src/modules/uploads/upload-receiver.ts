import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { diskFull, isDiskFull } from '../../lib/disk-space.js';
import { HttpError, badRequest } from '../../lib/http-error.js';
import { UPLOAD_TEXT } from './upload-rules.js';

/** One part of a multipart form, as the multipart parser hands it over. */
export type FormPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | {
      type: 'file';
      fieldname: string;
      filename: string;
      /** Ends early with `truncated` set when the file goes over the parser's size limit. */
      file: Readable & { truncated?: boolean };
    };

/** The uploaded file, written to a temporary file and hashed on the way. */
export interface ReceivedFile {
  temp: string;
  /** The name the client gave it, as sent. */
  filename: string;
  size: number;
  /** sha256 of the content, hex: the media store's name for it. */
  hash: string;
  /** Over the size limit: only its beginning was written. */
  truncated: boolean;
}

export interface ReceivedForm {
  fields: Map<string, string>;
  file: ReceivedFile | null;
  /** A refusal decided before the file came (its bytes were read and dropped). */
  refusal: HttpError | null;
}

export interface ReceiveOptions {
  tempDir: string;
  /** The form field that carries the file. */
  fileField: string;
  /**
   * Asked when the file part starts, with the fields that came before it: a refusal here means
   * the file is read and dropped rather than written.
   */
  admit(fields: ReadonlyMap<string, string>): Promise<HttpError | null>;
}

/**
 * Removes what uploads cut short by a crash left in `dir`: files of theirs not written to for
 * `olderThanMs` (an upload in progress, of this process or another on the same data
 * directory, writes to its file all the time).
 */
export async function removeStaleParts(dir: string, olderThanMs: number): Promise<void> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const cutoff = Date.now() - olderThanMs;
  for (const name of names.filter((n) => n.endsWith('.part'))) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < cutoff) await fs.promises.rm(file, { force: true });
  }
}

/** Reads to the end and keeps nothing. */
const discard = () =>
  new Writable({
    write: (_chunk, _encoding, done) => done(),
  });

/** The parser's own errors (a broken form, a limit, the client gone) as answers. */
function formError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  if (isDiskFull(err)) return diskFull();
  const e = err as { code?: string; syscall?: string };
  if (e.syscall) return err; // the disk, not the client
  if (e.code === 'FST_MP_PREMATURE_CLOSE') return badRequest(UPLOAD_TEXT.interrupted);
  if (e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT' || e.code === 'FST_FILES_LIMIT')
    return badRequest(UPLOAD_TEXT.tooManyParts);
  return badRequest(UPLOAD_TEXT.malformed);
}

/** Streams one file part to `temp`, hashing it as it passes; nothing is held in memory. */
async function writeFile(
  part: Extract<FormPart, { type: 'file' }>,
  temp: string,
): Promise<ReceivedFile> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  const out = fs.createWriteStream(temp, { flags: 'wx' });
  try {
    await pipeline(
      part.file,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      out,
    );
  } catch (err) {
    // The pipeline gives up before the file is closed: a write still under way, or the file
    // still being opened, would otherwise leave it on disk after the caller removed it.
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    throw err;
  }
  return {
    temp,
    filename: part.filename,
    size,
    hash: hash.digest('hex'),
    truncated: part.file.truncated === true,
  };
}

/**
 * Reads a whole multipart form: fields in any order, the file (the first part named
 * `fileField`) streamed to a temporary file under `tempDir`. Every other file part is read and
 * dropped, so the request is always read to its end. On any failure, and when the client goes
 * away, the temporary file is removed before the error leaves.
 */
export async function receiveForm(
  parts: AsyncIterable<FormPart>,
  options: ReceiveOptions,
): Promise<ReceivedForm> {
  const fields = new Map<string, string>();
  let file: ReceivedFile | null = null;
  let temp: string | null = null;
  let refusal: HttpError | null = null;
  await fs.promises.mkdir(options.tempDir, { recursive: true });
  const iterator = parts[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<FormPart>;
      try {
        next = await iterator.next();
      } catch (err) {
        throw formError(err);
      }
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        if (!fields.has(part.fieldname)) fields.set(part.fieldname, String(part.value));
        continue;
      }
      const wanted = part.fieldname === options.fileField;
      if (wanted && (file || temp)) refusal ??= badRequest(UPLOAD_TEXT.oneFile);
      if (!wanted || refusal || file || temp) {
        await pipeline(part.file, discard()).catch((err: unknown) => {
          throw formError(err);
        });
        continue;
      }
      refusal = await options.admit(fields);
      if (refusal) {
        await pipeline(part.file, discard()).catch((err: unknown) => {
          throw formError(err);
        });
        continue;
      }
      temp = path.join(options.tempDir, `${crypto.randomUUID()}.part`);
      file = await writeFile(part, temp).catch((err: unknown) => {
        throw formError(err);
      });
    }
  } catch (err) {
    if (temp) await fs.promises.rm(temp, { force: true });
    throw err;
  }
  if (refusal && temp) {
    await fs.promises.rm(temp, { force: true });
    file = null;
  }
  return { fields, file, refusal };
}
