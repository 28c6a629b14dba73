/**
 * The extension a stored audio file gets, from what ffmpeg found in it (the demuxer and the
 * codec) and, for tracker modules, from the module's own signature: never from the name a
 * client gave it.
 */

/** Demuxers whose files have one usual extension. */
const BY_CONTAINER: Record<string, string> = {
  flac: '.flac',
  wav: '.wav',
  w64: '.w64',
  aac: '.aac',
  'mov,mp4,m4a,3gp,3g2,mj2': '.m4a',
  'matroska,webm': '.mka',
  aiff: '.aiff',
  asf: '.wma',
  ape: '.ape',
  wv: '.wv',
  au: '.au',
  caf: '.caf',
  amr: '.amr',
  ac3: '.ac3',
  eac3: '.eac3',
  dts: '.dts',
  mpc: '.mpc',
  mpc8: '.mpc',
  tta: '.tta',
  voc: '.voc',
};

/** Audio in an Ogg container, by codec. */
const OGG_BY_CODEC: Record<string, string> = { opus: '.opus', flac: '.oga', speex: '.spx' };

/** Codecs that say the file type on their own, when the demuxer is not known. */
const BY_CODEC: Record<string, string> = {
  mp3: '.mp3',
  mp2: '.mp2',
  flac: '.flac',
  vorbis: '.ogg',
  opus: '.opus',
  aac: '.m4a',
  alac: '.m4a',
  wmav2: '.wma',
};

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

/**
 * `container` and `codec` as ffmpeg reports them; `head` is the file's first bytes (1084 or
 * more cover every module signature).
 */
export function audioExtension(
  container: string | null,
  codec: string | null,
  head: Uint8Array,
): string {
  if (container === 'libopenmpt') return moduleExtension(head);
  if (container === 'mp3') return codec === 'mp2' || codec === 'mp1' ? `.${codec}` : '.mp3';
  if (container === 'ogg') return OGG_BY_CODEC[codec ?? ''] ?? '.ogg';
  if (container && BY_CONTAINER[container]) return BY_CONTAINER[container];
  if (codec && BY_CODEC[codec]) return BY_CODEC[codec];
  const first = container?.split(',')[0] ?? '';
  return /^[a-z0-9]{1,8}$/.test(first) ? `.${first}` : '.audio';
}
