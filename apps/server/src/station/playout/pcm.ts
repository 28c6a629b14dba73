/** The station's internal audio: signed 16-bit little-endian stereo at 44.1 kHz. */
export const SAMPLE_RATE = 44_100;
export const CHANNELS = 2;
export const BYTES_PER_FRAME = CHANNELS * 2;
export const BYTES_PER_SECOND = SAMPLE_RATE * BYTES_PER_FRAME;

/**
 * The clock's tick: each one wakes the process and writes to the encoder's pipe, which costs
 * more than the PCM it carries, so the tick is no shorter than it needs to be (the encoder's
 * MP3 is taken at the same time: see Encoder, and the MP3 stream's flushes follow it). Half a
 * second costs an idle server about a fifth less CPU than a quarter (0.50–0.57 against
 * 0.66–0.67% of a core, side by side). The PCM written ahead (the playout's LEAD_S) covers a
 * tick and a late timer; track changes are placed by the byte count, not by the tick, so their
 * timing does not depend on it.
 */
export const TICK_MS = 500;

/** ffmpeg arguments describing raw PCM in this format. */
export const PCM_FORMAT_ARGS = ['-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', String(CHANNELS)];

/** Rounds a byte count down to whole sample frames, so channels never swap. */
export const wholeFrames = (bytes: number): number => bytes - (bytes % BYTES_PER_FRAME);

export const secondsToBytes = (s: number): number => wholeFrames(Math.round(s * BYTES_PER_SECOND));
