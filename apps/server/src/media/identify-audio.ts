import fs from 'node:fs';
import { id3v2Size, SNIFF_BYTES, sniffContainer, type AudioContainer } from './audio-container.js';

/** More ID3v2 tags in a row than any tagger writes: a file that has them is not audio. */
const MAX_LEADING_TAGS = 8;

export type FileHandle = fs.promises.FileHandle;

/** Up to `length` bytes of the file from `position` (fewer at its end). */
export async function readAt(handle: FileHandle, position: number, length: number) {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** The bytes of the ID3v2 tags the file starts with, read header by header. */
async function leadingTagBytes(handle: FileHandle, head: Buffer): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_LEADING_TAGS; i++) {
    const header = total + 10 <= head.length ? head : await readAt(handle, total, 10);
    const size = id3v2Size(header, header === head ? total : 0);
    if (size === 0) return total;
    total += size;
  }
  return total;
}

/**
 * The audio container of a file, judged from its first bytes (and those after its leading
 * ID3v2 tags, however large they are), or null when it is not audio Queuecast plays. Reads at
 * most twice SNIFF_BYTES, whatever the file holds.
 */
export async function identifyAudio(
  file: string,
  options: { modules: boolean },
): Promise<AudioContainer | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = await readAt(handle, 0, SNIFF_BYTES);
    const tags = await leadingTagBytes(handle, head);
    const afterTags = tags === 0 ? head : await readAt(handle, tags, SNIFF_BYTES);
    return sniffContainer(head, afterTags, tags, options);
  } finally {
    await handle.close();
  }
}
