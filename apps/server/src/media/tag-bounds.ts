import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AudioContainer } from './audio-container.js';
import { readAt, type FileHandle } from './identify-audio.js';

const MIB = 1024 * 1024;
/**
 * Tags and other metadata a reader (the tag parser, ffmpeg) takes into memory whole. Above it a
 * file's tags are ignored: MP3, AAC and FLAC are stored without them, other containers refused.
 */
export const MAX_TAG_BYTES = 24 * MIB;
/** libopenmpt reads a whole module into memory; the largest real ones are tens of MiB. */
export const MAX_MODULE_BYTES = 64 * MIB;

/** A window over a file for walking its many small headers with few reads. */
class WindowReader {
  private start = 0;
  private window = Buffer.alloc(0);

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** `length` bytes at `position` (fewer at the end of the file). */
  async bytes(position: number, length: number): Promise<Buffer> {
    const end = position + length;
    if (position < this.start || end > this.start + this.window.length) {
      this.start = position;
      this.window = await readAt(this.handle, position, Math.max(length, 64 * 1024));
    }
    return this.window.subarray(position - this.start, end - this.start);
  }
}

/** Bytes of the APEv2 and ID3v1 tags at the end of an MP3 or AAC file. */
async function trailingTagBytes(reader: WindowReader): Promise<number> {
  const { size } = reader;
  if (size < 128) return 0;
  const tail = await reader.bytes(Math.max(0, size - 160), Math.min(size, 160));
  const id3v1 = tail.subarray(tail.length - 128, tail.length - 125).toString('latin1') === 'TAG';
  const apeEnd = tail.length - (id3v1 ? 128 : 0);
  let ape = 0;
  if (apeEnd >= 32) {
    const footer = tail.subarray(apeEnd - 32, apeEnd);
    if (footer.subarray(0, 8).toString('latin1') === 'APETAGEX') {
      const hasHeader = (footer.readUInt32LE(20) & 0x80000000) !== 0;
      ape = footer.readUInt32LE(12) + (hasHeader ? 32 : 0);
    }
  }
  return Math.min(size, ape + (id3v1 ? 128 : 0));
}

/** FLAC metadata blocks after `at` ('fLaC'): their bytes, and where the frames start. */
async function flacBlocks(reader: WindowReader, at: number) {
  let position = at + 4;
  for (;;) {
    const header = await reader.bytes(position, 4);
    if (header.length < 4) break;
    position += 4 + header.readUIntBE(1, 3);
    if (header[0]! & 0x80 || position - at > MAX_TAG_BYTES) break;
  }
  return { bytes: position - at, framesAt: position };
}

/**
 * Bytes of the Ogg pages before the first page of audio: the codec's headers and its comments,
 * which may carry pictures. Headers end where a page first finishes a packet past granule 0.
 */
async function oggHeaderBytes(reader: WindowReader): Promise<number> {
  let position = 0;
  while (position <= MAX_TAG_BYTES) {
    const header = await reader.bytes(position, 27);
    if (header.length < 27 || header.subarray(0, 4).toString('latin1') !== 'OggS') break;
    const granule = header.readBigInt64LE(6);
    if (granule > 0n) return position;
    const segments = await reader.bytes(position + 27, header[26]!);
    position += 27 + segments.length + segments.reduce((sum, n) => sum + n, 0);
  }
  return position;
}

/** Bytes of a RIFF/WAVE file's chunks other than the audio. */
async function wavMetadataBytes(reader: WindowReader): Promise<number> {
  let position = 12;
  let metadata = 0;
  while (position + 8 <= reader.size && metadata <= MAX_TAG_BYTES) {
    const header = await reader.bytes(position, 8);
    const id = header.subarray(0, 4).toString('latin1');
    const size = header.readUInt32LE(4);
    // An RF64 or streamed file's 'data' says 0xFFFFFFFF: the audio runs to the end.
    if (id === 'data' && size === 0xffffffff) break;
    if (id !== 'data') metadata += size;
    position += 8 + size + (size & 1);
  }
  return metadata;
}

/** Bytes of an ISO media file's boxes other than the audio itself and padding. */
async function isoMetadataBytes(reader: WindowReader): Promise<number> {
  let position = 0;
  let metadata = 0;
  while (position + 8 <= reader.size && metadata <= MAX_TAG_BYTES) {
    const header = await reader.bytes(position, 16);
    const type = header.subarray(4, 8).toString('latin1');
    let size = header.readUInt32BE(0);
    if (size === 1 && header.length >= 16) size = Number(header.readBigUInt64BE(8));
    else if (size === 0) size = reader.size - position;
    if (size < 8) break;
    if (!['mdat', 'free', 'skip', 'wide'].includes(type)) metadata += size;
    position += size;
  }
  return metadata;
}

/** How a file's tags are to be treated before it is read any further. */
export type TagPlan =
  | { action: 'keep' }
  /** Store and analyse a copy without tags: `from` to `to` of the file, FLAC's first block kept. */
  | { action: 'strip'; from: number; to: number; flacStreamInfo: Buffer | null }
  | { action: 'refuse'; reason: 'tags' | 'module' };

/**
 * Measures the metadata a reader of the file would take into memory, from the headers alone, and
 * plans what to do when it is over MAX_TAG_BYTES.
 */
export async function planTags(file: string, container: AudioContainer): Promise<TagPlan> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const reader = new WindowReader(handle, size);
    const leading = container.leadingTagBytes;
    switch (container.kind) {
      case 'module':
        return size > MAX_MODULE_BYTES
          ? { action: 'refuse', reason: 'module' }
          : { action: 'keep' };
      case 'mp3':
      case 'aac': {
        const trailing = await trailingTagBytes(reader);
        if (leading + trailing <= MAX_TAG_BYTES) return { action: 'keep' };
        return { action: 'strip', from: leading, to: size - trailing, flacStreamInfo: null };
      }
      case 'flac': {
        const blocks = await flacBlocks(reader, leading);
        if (leading + blocks.bytes <= MAX_TAG_BYTES) return { action: 'keep' };
        // STREAMINFO is always the first block, 34 bytes: kept, marked as the last one.
        const streamInfo = Buffer.from(await reader.bytes(leading + 4, 38));
        streamInfo[0] = 0x80;
        return { action: 'strip', from: blocks.framesAt, to: size, flacStreamInfo: streamInfo };
      }
      case 'ogg':
        return (await oggHeaderBytes(reader)) <= MAX_TAG_BYTES
          ? { action: 'keep' }
          : { action: 'refuse', reason: 'tags' };
      case 'wav':
        return (await wavMetadataBytes(reader)) <= MAX_TAG_BYTES
          ? { action: 'keep' }
          : { action: 'refuse', reason: 'tags' };
      case 'mp4':
        return (await isoMetadataBytes(reader)) <= MAX_TAG_BYTES
          ? { action: 'keep' }
          : { action: 'refuse', reason: 'tags' };
    }
  } finally {
    await handle.close();
  }
}

/** Writes `target`: the file as `plan` strips it, streamed, never whole in memory. */
export async function writeStripped(
  file: string,
  plan: Extract<TagPlan, { action: 'strip' }>,
  target: string,
): Promise<void> {
  const out = fs.createWriteStream(target, { flags: 'wx', mode: 0o600 });
  if (plan.flacStreamInfo) {
    out.write(Buffer.from('fLaC', 'latin1'));
    out.write(plan.flacStreamInfo);
  }
  const source =
    plan.to > plan.from
      ? fs.createReadStream(file, { start: plan.from, end: plan.to - 1 })
      : Readable.from([]);
  await pipeline(source, out);
}
