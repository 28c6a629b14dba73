import { adtsFrameLength, id3v2Size, mpegFrameLength } from '../../media/audio-container.js';

/** The demuxers a live source may be decoded with: ffmpeg's name for each. */
export type LiveDemuxer = 'mp3' | 'aac' | 'ogg';

/** Bytes looked at before the Content-Type decides (a second of 128 kb/s MP3). */
export const SNIFF_LIMIT = 16 * 1024;

/** Content types source clients send, and the demuxer each names. */
const BY_TYPE: [RegExp, LiveDemuxer][] = [
  [/^audio\/(mpeg|mp3|mpeg3|x-mpeg)$/, 'mp3'],
  [/^audio\/(aac|aacp|x-aac|x-hx-aac-adts)$/, 'aac'],
  [/^(application|audio|video)\/(ogg|x-ogg)$|^audio\/(opus|vorbis|ogg;.*)$/, 'ogg'],
];

function framesFrom(bytes: Buffer, at: number, length: (b: Buffer, i: number) => number): boolean {
  let position = at;
  for (let found = 0; found < 3; found++) {
    const size = length(bytes, position);
    if (size === 0) return false;
    position += size;
  }
  return true;
}

/**
 * The demuxer for a source's first bytes: `OggS` at the start, else three MPEG audio or ADTS
 * frames in a row (after any ID3v2 tag; a stream may begin a few bytes into a frame, so the
 * first sync within the first 4 KiB is tried). Null while the bytes do not say, which, once
 * SNIFF_LIMIT have come, leaves it to the Content-Type. Never from a URL: ffmpeg is given the
 * demuxer and no protocol but the pipe.
 */
export function demuxerOf(bytes: Buffer): LiveDemuxer | null {
  if (bytes.length >= 4 && bytes.toString('latin1', 0, 4) === 'OggS') return 'ogg';
  const start = id3v2Size(bytes);
  const scanTo = Math.min(bytes.length - 4, start + 4096);
  for (let at = start; at < scanTo; at++) {
    if (bytes[at] !== 0xff) continue;
    if (framesFrom(bytes, at, adtsFrameLength)) return 'aac';
    if (framesFrom(bytes, at, mpegFrameLength)) return 'mp3';
  }
  return null;
}

/** The demuxer a Content-Type names, or null. */
export function demuxerOfType(contentType: string | undefined): LiveDemuxer | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return BY_TYPE.find(([pattern]) => pattern.test(type))?.[1] ?? null;
}
