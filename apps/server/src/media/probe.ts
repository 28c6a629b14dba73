import { z } from 'zod';
import { runProcess } from './run-process.js';

/** What a file's headers say about its first audio stream, before anything is decoded. */
export interface AudioProbe {
  codec: string | null;
  sampleRate: number | null;
  channels: number | null;
  /** Seconds, when the headers say (a raw stream without an index may not). */
  duration: number | null;
}

const number = z.coerce.number().positive().finite().optional().catch(undefined);
const ProbeOutput = z.object({
  streams: z
    .array(
      z.object({
        codec_name: z.string().optional(),
        sample_rate: number,
        channels: number,
        duration: number,
      }),
    )
    .default([]),
  format: z.object({ duration: number }).partial().optional(),
});

/**
 * The ffmpeg input options every reader of an untrusted file uses: its demuxer forced (no
 * probing: a playlist or manifest named `.mp3` is read as MP3, and fails) and no protocol but
 * plain files, so nothing inside the file can make ffmpeg open a URL. Embedded pictures are not
 * decoded either (ffmpeg decodes an attached cover while it looks the streams over: 240 MB for
 * 64 megapixels); covers are the art store's business.
 */
export function safeInput(demuxer: string, file: string): string[] {
  return [
    ...['-protocol_whitelist', 'file', '-max_pixels', '1'],
    ...['-f', demuxer, '-i', `file:${file}`],
  ];
}

/**
 * Reads the headers of `file` with ffprobe, the demuxer forced. Null when it has no audio stream
 * or its headers do not parse as that container.
 */
export async function probeAudio(
  ffprobe: string,
  file: string,
  demuxer: string,
): Promise<AudioProbe | null> {
  const result = await runProcess(
    ffprobe,
    [
      ...['-v', 'error', '-select_streams', 'a:0'],
      ...['-show_entries', 'stream=codec_name,sample_rate,channels,duration:format=duration'],
      ...['-of', 'json'],
      ...safeInput(demuxer, file),
    ],
    { timeoutMs: 60_000, cpuSeconds: 20, niceness: 10 },
  );
  if (result.code !== 0) return null;
  let parsed;
  try {
    parsed = ProbeOutput.safeParse(JSON.parse(result.stdout.toString('utf8')));
  } catch {
    return null;
  }
  const stream = parsed.success ? parsed.data.streams[0] : undefined;
  if (!parsed.success || !stream) return null;
  return {
    codec: stream.codec_name ?? null,
    sampleRate: stream.sample_rate ?? null,
    channels: stream.channels ?? null,
    duration: stream.duration ?? parsed.data.format?.duration ?? null,
  };
}
