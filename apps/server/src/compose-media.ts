import type { Config } from './config.js';
import { AnalysisQueue } from './media/analysis-queue.js';
import { ArtStore } from './media/art-store.js';
import { locateFfmpeg } from './media/ffmpeg-locate.js';
import { MediaIntake } from './media/media-intake.js';
import { MediaStore } from './media/media-store.js';

/**
 * The media tools: the system's ffmpeg and ffprobe, the audio and cover-art stores, and the
 * intake that checks and analyses a file (bounded in length, CPU time and concurrency).
 */
export function createMedia(config: Config) {
  const tools = locateFfmpeg(config.ffmpegPath, config.ffprobePath);
  const art = new ArtStore(config.dataDir, tools.ffmpeg);
  const analysisQueue = new AnalysisQueue(config.analysisConcurrency);
  return {
    tools,
    store: new MediaStore(config.dataDir),
    art,
    analysisQueue,
    intake: new MediaIntake(
      tools,
      { maxSeconds: config.mediaMaxSeconds, cpuSeconds: config.analysisCpuSeconds },
      analysisQueue,
      art,
    ),
  };
}
