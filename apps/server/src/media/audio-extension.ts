import path from 'node:path';
import type { AudioKind } from './audio-container.js';

/**
 * The extension a stored audio file gets, from the container its bytes showed and the codec
 * ffmpeg found in it (and, for tracker modules, the module's own signature): never from the
 * name a client gave it. Its demuxer is read back from that extension whenever the station
 * opens the file.
 */

/** Audio in an Ogg container, by codec. */
const OGG_BY_CODEC: Record<string, string> = { opus: '.opus', flac: '.oga', speex: '.spx' };

const ascii = (head: Uint8Array, at: number, length: number) =>
  Buffer.from(head.subarray(at, at + length)).toString('latin1');

/** The tracker module type from its signature; `.mod` when it is none of the common ones. */
export function moduleExtension(head: Uint8Array): string {
  if (ascii(head, 0, 17) === 'Extended Module: ') return '.xm';
  if (ascii(head, 0, 4) === 'IMPM') return '.it';
  if (ascii(head, 44, 4) === 'SCRM') return '.s3m';
  if (ascii(head, 0, 4) === 'MTM\x10') return '.mtm';
  return '.mod';
}

/** `head` is the file's first bytes (1084 or more cover every module signature). */
export function audioExtension(kind: AudioKind, codec: string | null, head: Uint8Array): string {
  switch (kind) {
    case 'module':
      return moduleExtension(head);
    case 'mp3':
      return codec === 'mp2' || codec === 'mp1' ? `.${codec}` : '.mp3';
    case 'ogg':
      return OGG_BY_CODEC[codec ?? ''] ?? '.ogg';
    case 'aac':
      return '.aac';
    case 'flac':
      return '.flac';
    case 'wav':
      return '.wav';
    case 'mp4':
      return '.m4a';
  }
}

/**
 * The demuxer of a stored file, by its extension. Besides what is accepted now, the names that
 * earlier versions gave files in other audio containers, none of which can refer to another
 * file or URL. Playlists, manifests and the like have none: such a file is never opened.
 */
const STORED_DEMUXERS: Record<string, string> = {
  '.mp3': 'mp3',
  '.mp2': 'mp3',
  '.mp1': 'mp3',
  '.aac': 'aac',
  '.ogg': 'ogg',
  '.oga': 'ogg',
  '.opus': 'ogg',
  '.spx': 'ogg',
  '.flac': 'flac',
  '.wav': 'wav',
  '.m4a': 'mov',
  '.mod': 'libopenmpt',
  '.xm': 'libopenmpt',
  '.s3m': 'libopenmpt',
  '.it': 'libopenmpt',
  '.mptm': 'libopenmpt',
  '.mtm': 'libopenmpt',
  '.w64': 'w64',
  '.mka': 'matroska',
  '.aiff': 'aiff',
  '.wma': 'asf',
  '.ape': 'ape',
  '.wv': 'wv',
  '.au': 'au',
  '.caf': 'caf',
  '.amr': 'amr',
  '.ac3': 'ac3',
  '.eac3': 'eac3',
  '.dts': 'dts',
  '.mpc': 'mpc',
  '.tta': 'tta',
  '.voc': 'voc',
};

/** The demuxer to force when opening a stored file, or null when it must not be opened. */
export function storedDemuxer(file: string): string | null {
  return STORED_DEMUXERS[path.extname(file).toLowerCase()] ?? null;
}
