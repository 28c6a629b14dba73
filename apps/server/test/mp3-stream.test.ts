import path from 'node:path';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locateFfmpeg } from '../src/media/ffmpeg-locate.js';
import { runProcess } from '../src/media/run-process.js';
import { seededRandom } from '../src/lib/random.js';
import { HlsClients, HLS_CLIENT_WINDOW_MS } from '../src/station/hls/hls-clients.js';
import { frameLength, Mp3FrameSplitter } from '../src/station/mp3/mp3-frames.js';
import { tempDir } from './helpers/audio.js';

/** A real MP3 from ffmpeg, with an ID3 tag in front, as a stream might start. */
async function realMp3(): Promise<Buffer> {
  const file = path.join(tempDir('queuecast-mp3-'), 'tone.mp3');
  const result = await runProcess(locateFfmpeg(undefined).ffmpeg, [
    ...['-hide_banner', '-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'],
    ...['-c:a', 'libmp3lame', '-b:a', '128k', '-metadata', 'title=Tagged', file],
  ]);
  expect(result.code).toBe(0);
  return fs.readFileSync(file);
}

describe('MP3 frames', () => {
  it('cuts any chunking of a real stream into whole frames, leaving out the tag', async () => {
    const mp3 = await realMp3();
    expect(mp3.subarray(0, 3).toString()).toBe('ID3');
    const splitter = new Mp3FrameSplitter();
    const random = seededRandom(3);
    const out: Buffer[] = [];
    for (let i = 0; i < mp3.length;) {
      const size = 1 + Math.floor(random() * 1500);
      out.push(splitter.push(mp3.subarray(i, i + size)));
      i += size;
    }
    const frames = Buffer.concat(out);
    // Every emitted buffer starts on a frame, and the frames chain to the end.
    for (const b of out) if (b.length > 0) expect(frameLength(b, 0)).toBeGreaterThan(0);
    let at = 0;
    let count = 0;
    while (at < frames.length) {
      const len = frameLength(frames, at);
      expect(len).toBeGreaterThanOrEqual(417);
      at += len;
      count++;
    }
    expect(at).toBe(frames.length);
    // 3 s at 44.1 kHz is about 115 frames of 1152 samples.
    expect(count).toBeGreaterThan(110);
    // The frames are the file's audio, unaltered: only the tag in front was dropped, and the
    // last frame waits for a header behind it that never comes.
    const start = mp3.indexOf(frames.subarray(0, 64));
    expect(start).toBeGreaterThan(10);
    expect(mp3.subarray(start, start + frames.length).equals(frames)).toBe(true);
    expect(mp3.length - start - frames.length).toBeLessThanOrEqual(418 + 128);
  });

  it('resynchronises after garbage, as after an encoder restart', async () => {
    const mp3 = await realMp3();
    const splitter = new Mp3FrameSplitter();
    const first = splitter.push(mp3);
    const torn = first.subarray(0, 1000); // a frame and a half, then a new stream
    const again = new Mp3FrameSplitter();
    const out = Buffer.concat([again.push(torn), again.push(first)]);
    expect(frameLength(out, 0)).toBeGreaterThan(0);
    expect(out.length).toBeGreaterThanOrEqual(first.length);
  });
});

describe('HLS clients', () => {
  it('counts distinct clients seen within the window', () => {
    const clients = new HlsClients();
    clients.touch('10.0.0.1', 'A', 1000);
    clients.touch('10.0.0.1', 'A', 2000);
    clients.touch('10.0.0.1', 'B', 2000);
    clients.touch('10.0.0.2', 'A', 3000);
    expect(clients.count(3000)).toBe(3);
    expect(clients.count(2000 + HLS_CLIENT_WINDOW_MS + 1)).toBe(1);
    expect(clients.count(3000 + HLS_CLIENT_WINDOW_MS + 1)).toBe(0);
  });
});
