/** The station's internal audio: signed 16-bit little-endian stereo at 44.1 kHz. */
export const SAMPLE_RATE = 44_100;
export const CHANNELS = 2;
export const BYTES_PER_FRAME = CHANNELS * 2;
export const BYTES_PER_SECOND = SAMPLE_RATE * BYTES_PER_FRAME;

/** ffmpeg arguments describing raw PCM in this format. */
export const PCM_FORMAT_ARGS = ['-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', String(CHANNELS)];

/** Rounds a byte count down to whole sample frames, so channels never swap. */
export const wholeFrames = (bytes: number): number => bytes - (bytes % BYTES_PER_FRAME);

export const secondsToBytes = (s: number): number => wholeFrames(Math.round(s * BYTES_PER_SECOND));
