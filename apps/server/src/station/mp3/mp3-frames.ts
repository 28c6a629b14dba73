const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES_V1 = [44_100, 48_000, 32_000];

/** Length in bytes of the MPEG layer III frame whose header starts at `i`, or 0 if none does. */
export function frameLength(buf: Buffer, i: number): number {
  if (i + 4 > buf.length) return 0;
  const b1 = buf[i + 1]!;
  const b2 = buf[i + 2]!;
  if (buf[i] !== 0xff || (b1 & 0xe0) !== 0xe0) return 0;
  const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  const layer = (b1 >> 1) & 3; // 1: layer III
  if (version === 1 || layer !== 1) return 0;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return 0;
  const v1 = version === 3;
  const bitrate = (v1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES_V1[rateIndex]! / (v1 ? 1 : version === 2 ? 2 : 4);
  const padding = (b2 >> 1) & 1;
  return Math.floor(((v1 ? 144 : 72) * bitrate) / sampleRate) + padding;
}

/**
 * Cuts a byte stream into whole MP3 frames, skipping anything that is not one (a tag, a torn
 * frame after an encoder restart), so every listener's stream starts and continues on a frame.
 */
export class Mp3FrameSplitter {
  private pending: Buffer = Buffer.alloc(0);

  /**
   * Answers the whole frames completed by `chunk`, as one buffer (maybe empty). A frame counts
   * only once the next frame's header is seen behind it, so a torn frame is never passed on.
   */
  push(chunk: Buffer): Buffer {
    const buf = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    const runs: Buffer[] = [];
    let runStart = -1;
    let i = 0;
    const endRun = () => {
      if (runStart !== -1) runs.push(buf.subarray(runStart, i));
      runStart = -1;
    };
    while (i + 4 <= buf.length) {
      const len = frameLength(buf, i);
      if (len > 0 && i + len + 4 > buf.length) break; // wait for the next header
      if (len === 0 || frameLength(buf, i + len) === 0) {
        endRun();
        i++;
        continue;
      }
      if (runStart === -1) runStart = i;
      i += len;
    }
    endRun();
    this.pending = Buffer.from(buf.subarray(i));
    return runs.length === 1 ? runs[0]! : Buffer.concat(runs);
  }

  reset(): void {
    this.pending = Buffer.alloc(0);
  }
}
