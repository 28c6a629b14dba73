import { safeInput } from './probe.js';
import { runProcess } from './run-process.js';

/** The station's loudness target (EBU R128 integrated), in LUFS. */
export const TARGET_LUFS = -16;
const MAX_GAIN_DB = 20;

export interface AudioAnalysis {
  /** Seconds of decoded audio. */
  duration: number;
  /** Codec name as ffmpeg reports it (mp3, flac, vorbis, …). */
  format: string | null;
  lufs: number;
  /** dB to apply so that the song plays at TARGET_LUFS. */
  gain: number;
}

export interface AnalysisLimits {
  /** Longest song accepted, in seconds: decoding stops just past it. */
  maxSeconds: number;
  /** CPU seconds the decoding may take. */
  cpuSeconds: number;
}

/** Why a file was refused, in words the uploader can act on. */
export class AnalysisError extends Error {
  // Its name survives the minified build (logs name an error by its class).
  static {
    Object.defineProperty(this, 'name', { value: 'AnalysisError' });
  }
  constructor(
    message: string,
    /** Not audio at all, as opposed to audio over a limit. */
    readonly kind: 'undecodable' | 'limit' = 'undecodable',
  ) {
    super(message);
  }
}

const timeToSeconds = (h: string, m: string, s: string) =>
  Number(h) * 3600 + Number(m) * 60 + Number(s);

/**
 * Decodes the file once, with its demuxer forced and no protocol but plain files: the decode
 * proves it is playable audio, ebur128 measures its integrated loudness, and the last progress
 * line gives its true decoded duration. It is measured as the station plays it (stereo,
 * 44.1 kHz), which also bounds the cost of files of many channels or high rates. Decoding stops
 * just past `maxSeconds`, and the kernel stops it after `cpuSeconds`; either refuses the file.
 */
export async function analyzeAudio(
  ffmpeg: string,
  file: string,
  demuxer: string,
  limits: AnalysisLimits,
): Promise<AudioAnalysis> {
  const result = await runProcess(
    ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-threads', '1'],
      ...safeInput(demuxer, file),
      ...['-map', '0:a:0', '-vn', '-t', String(limits.maxSeconds + 1)],
      ...['-af', 'aformat=channel_layouts=stereo,aresample=44100,ebur128=framelog=verbose'],
      ...['-f', 'null', '-'],
    ],
    { timeoutMs: 10 * 60_000, cpuSeconds: limits.cpuSeconds, niceness: 10 },
  );
  const err = result.stderr;
  if (result.cpuExhausted) {
    throw new AnalysisError('The file takes too much work to decode.', 'limit');
  }
  if (result.code !== 0) {
    const reason = /matches no streams|does not contain any stream/.test(err)
      ? 'no audio stream'
      : 'not a decodable audio file';
    throw new AnalysisError(reason);
  }
  const times = [...err.matchAll(/time=(\d+):(\d+):(\d+(?:\.\d+)?)/g)];
  const last = times.at(-1);
  const duration = last ? timeToSeconds(last[1]!, last[2]!, last[3]!) : 0;
  if (!(duration > 0.1)) throw new AnalysisError('no audio (zero length)');
  if (duration > limits.maxSeconds) throw tooLong(limits.maxSeconds);
  const integrated = /Integrated loudness:\s*\n\s*I:\s*(-?[\d.]+|-inf) LUFS/.exec(err);
  const lufs = integrated && integrated[1] !== '-inf' ? Number(integrated[1]) : -70;
  const codec = /Audio: ([a-z0-9_]+)/.exec(err);
  const gain = Math.max(-MAX_GAIN_DB, Math.min(MAX_GAIN_DB, TARGET_LUFS - lufs));
  return {
    duration: Math.round(duration * 1000) / 1000,
    format: codec?.[1] ?? null,
    lufs,
    gain: Math.round(gain * 100) / 100,
  };
}

/** The refusal of a song longer than the station takes. */
export function tooLong(maxSeconds: number): AnalysisError {
  const minutes = maxSeconds / 60;
  const text = Number.isInteger(minutes) ? String(minutes) : minutes.toFixed(1);
  return new AnalysisError(
    `The song is longer than ${text} ${text === '1' ? 'minute' : 'minutes'}.`,
    'limit',
  );
}
