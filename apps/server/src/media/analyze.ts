import { runProcess } from './run-process.js';

/** The station's loudness target (EBU R128 integrated), in LUFS. */
export const TARGET_LUFS = -16;
const MAX_GAIN_DB = 20;

export interface AudioAnalysis {
  /** Seconds of decoded audio. */
  duration: number;
  /** Container or codec name as ffmpeg reports it (mp3, flac, vorbis, …). */
  format: string | null;
  /** The demuxer that read the file, as ffmpeg names it (mp3, ogg, `mov,mp4,m4a,…`, …). */
  container: string | null;
  lufs: number;
  /** dB to apply so that the song plays at TARGET_LUFS. */
  gain: number;
}

export class AnalysisError extends Error {}

const timeToSeconds = (h: string, m: string, s: string) =>
  Number(h) * 3600 + Number(m) * 60 + Number(s);

/**
 * Decodes the whole file once: the decode proves it is playable audio, ebur128 measures its
 * integrated loudness, and the last progress line gives its true decoded duration.
 */
export async function analyzeAudio(ffmpeg: string, file: string): Promise<AudioAnalysis> {
  const result = await runProcess(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-i',
      file,
      '-map',
      '0:a:0',
      '-vn',
      '-af',
      'ebur128=framelog=verbose',
      '-f',
      'null',
      '-',
    ],
    { timeoutMs: 5 * 60_000 },
  );
  const err = result.stderr;
  if (result.code !== 0) {
    const reason = /matches no streams|does not contain any stream/.test(err)
      ? 'no audio stream'
      : 'not a decodable audio file';
    throw new AnalysisError(reason);
  }
  const times = [...err.matchAll(/time=(\d+):(\d+):(\d+(?:\.\d+)?)/g)];
  const last = times.at(-1);
  const header = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(err);
  const duration = last
    ? timeToSeconds(last[1]!, last[2]!, last[3]!)
    : header
      ? timeToSeconds(header[1]!, header[2]!, header[3]!)
      : 0;
  if (!(duration > 0.1)) throw new AnalysisError('no audio (zero length)');
  const integrated = /Integrated loudness:\s*\n\s*I:\s*(-?[\d.]+|-inf) LUFS/.exec(err);
  const lufs = integrated && integrated[1] !== '-inf' ? Number(integrated[1]) : -70;
  const codec = /Audio: ([a-z0-9_]+)/.exec(err);
  const container = /Input #0, (.+?), from '/.exec(err);
  const gain = Math.max(-MAX_GAIN_DB, Math.min(MAX_GAIN_DB, TARGET_LUFS - lufs));
  return {
    duration: Math.round(duration * 1000) / 1000,
    format: codec?.[1] ?? null,
    container: container?.[1] ?? null,
    lufs,
    gain: Math.round(gain * 100) / 100,
  };
}
