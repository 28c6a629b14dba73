/**
 * Which audio container a file is, from its bytes alone, before any decoder sees it. Only real
 * audio containers are recognised: a playlist, a manifest, a concat list, an SDP description or
 * a picture named `.mp3` is none of them, whatever ffmpeg's own probing would make of it
 * (ffmpeg follows the URLs such files hold). The demuxer named here is then forced on ffmpeg.
 */

export type AudioKind = 'mp3' | 'aac' | 'ogg' | 'flac' | 'wav' | 'mp4' | 'module';

export interface AudioContainer {
  kind: AudioKind;
  /** ffmpeg's demuxer for it, passed as `-f`. */
  demuxer: string;
  /** Bytes of ID3v2 tags in front of the audio (MP3, AAC and FLAC may carry them). */
  leadingTagBytes: number;
}

/** ffmpeg's demuxer per kind. */
export const DEMUXERS: Record<AudioKind, string> = {
  mp3: 'mp3',
  aac: 'aac',
  ogg: 'ogg',
  flac: 'flac',
  wav: 'wav',
  mp4: 'mov',
  module: 'libopenmpt',
};

/** Bytes of a file's start that the sniffing needs: ID3v2 tags aside, the module signatures. */
export const SNIFF_BYTES = 64 * 1024;

const ascii = (bytes: Uint8Array, at: number, length: number): string =>
  Buffer.from(bytes.subarray(at, at + length)).toString('latin1');

/**
 * The size of the ID3v2 tag starting at `at` (header, body and footer), or 0 when there is
 * none. Its size is a "syncsafe" 28-bit number: seven bits in each of four bytes.
 */
export function id3v2Size(bytes: Uint8Array, at = 0): number {
  if (bytes.length < at + 10 || ascii(bytes, at, 3) !== 'ID3') return 0;
  const [major, , flags] = [bytes[at + 3]!, bytes[at + 4]!, bytes[at + 5]!];
  if (major === 0xff || bytes[at + 4] === 0xff) return 0;
  let size = 0;
  for (let i = 6; i < 10; i++) {
    const b = bytes[at + i]!;
    if (b & 0x80) return 0;
    size = size * 128 + b;
  }
  return 10 + size + (flags & 0x10 ? 10 : 0);
}

/** kbit/s by bitrate index: MPEG-1 layers I, II, III, then MPEG-2/2.5 layer I and layers II/III. */
const BITRATES = [
  [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
];
const SAMPLE_RATES = [44100, 48000, 32000];

/** The length of the MPEG audio frame whose header starts at `at`, or 0 when it is none. */
export function mpegFrameLength(bytes: Uint8Array, at: number): number {
  if (at + 4 > bytes.length) return 0;
  const [b0, b1, b2] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return 0;
  const version = (b1 >> 3) & 3; // 0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1
  const layer = (b1 >> 1) & 3; // 1: III, 2: II, 3: I
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layer === 0 || bitrateIndex === 0 || bitrateIndex === 15) return 0;
  if (rateIndex === 3) return 0;
  const mpeg1 = version === 3;
  const table = mpeg1 ? 3 - layer : layer === 3 ? 3 : 4;
  const bitrate = BITRATES[table]![bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[rateIndex]! / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const padding = (b2 >> 1) & 1;
  if (layer === 3) return (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
  const perFrame = layer === 1 && !mpeg1 ? 72 : 144;
  return Math.floor((perFrame * bitrate) / sampleRate) + padding;
}

/** The length of the ADTS (raw AAC) frame whose header starts at `at`, or 0 when it is none. */
export function adtsFrameLength(bytes: Uint8Array, at: number): number {
  if (at + 7 > bytes.length) return 0;
  if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xf6) !== 0xf0) return 0;
  if (((bytes[at + 2]! >> 2) & 0xf) > 12) return 0; // sampling frequency index
  const length =
    ((bytes[at + 3]! & 0x03) << 11) | (bytes[at + 4]! << 3) | ((bytes[at + 5]! & 0xe0) >> 5);
  return length >= 7 ? length : 0;
}

/**
 * Whether three frames found by `frameLength` start at `at` and follow each other (the third's
 * header read, not its body). Random bytes rarely pass even one; a file too short for three
 * frames is no song either.
 */
function framesAt(
  bytes: Uint8Array,
  at: number,
  frameLength: (b: Uint8Array, at: number) => number,
): boolean {
  let position = at;
  for (let found = 0; found < 3; found++) {
    const length = frameLength(bytes, position);
    if (length === 0) return false;
    position += length;
  }
  return true;
}

/** Four-character tags at offset 1080 of a ProTracker-style module. */
const MOD_TAGS =
  /^(M\.K\.|M!K!|M&K!|FLT[48]|EXO[48]|OKTA|OCTA|CD81|CD61|FA0[468]|\d{1,2}CH[N]?|\d\dCN|TDZ\d)$/;

function moduleSignature(head: Uint8Array): boolean {
  if (ascii(head, 0, 17) === 'Extended Module: ') return true;
  if (ascii(head, 0, 4) === 'IMPM') return true;
  if (ascii(head, 44, 4) === 'SCRM') return true;
  if (ascii(head, 0, 4) === 'MTM\x10') return true;
  return head.length >= 1084 && MOD_TAGS.test(ascii(head, 1080, 4));
}

/** Brands of an ISO media file that hold audio (`M4A `, `M4B `, `mp42`, `isom`, …). */
function isoMedia(head: Uint8Array): boolean {
  if (head.length < 12 || ascii(head, 4, 4) !== 'ftyp') return false;
  const size = Buffer.from(head.subarray(0, 4)).readUInt32BE(0);
  return size >= 8 && size <= 4096;
}

/**
 * The container of a file, from `head` (its first SNIFF_BYTES, or all of it) and `afterTags`
 * (the SNIFF_BYTES that follow its leading ID3v2 tags, `leadingTagBytes` of them; the same as
 * `head` when there are none); null for anything that is not audio Queuecast plays. `modules`:
 * whether the ffmpeg in use decodes tracker modules (it needs libopenmpt).
 */
export function sniffContainer(
  head: Uint8Array,
  afterTags: Uint8Array,
  leadingTagBytes: number,
  options: { modules: boolean },
): AudioContainer | null {
  const found = (kind: AudioKind, tags = 0): AudioContainer => ({
    kind,
    demuxer: DEMUXERS[kind],
    leadingTagBytes: tags,
  });
  if (leadingTagBytes === 0) {
    if (ascii(head, 0, 4) === 'OggS') return found('ogg');
    const riff = ascii(head, 0, 4);
    if ((riff === 'RIFF' || riff === 'RF64') && ascii(head, 8, 4) === 'WAVE') return found('wav');
    if (isoMedia(head)) return found('mp4');
    if (options.modules && moduleSignature(head)) return found('module');
  }
  const body = afterTags;
  if (ascii(body, 0, 4) === 'fLaC') return found('flac', leadingTagBytes);
  // Encoders may leave zeros between the tags and the first frame.
  const limit = Math.min(body.length, 8192);
  for (let at = 0; at < limit; at++) {
    if (body[at] === 0 && leadingTagBytes > 0) continue;
    if (framesAt(body, at, mpegFrameLength)) return found('mp3', leadingTagBytes);
    if (framesAt(body, at, adtsFrameLength)) return found('aac', leadingTagBytes);
    break;
  }
  return null;
}
