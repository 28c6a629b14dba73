import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { locateFfmpeg } from '../media/ffmpeg-locate.js';
import { encoderArgs, MP3_BLOCK_BYTES } from './encoder.js';
import { frameLength } from './mp3-frames.js';
import { BYTES_PER_SECOND } from './pcm.js';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-encoder-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A 440 Hz tone, 16-bit stereo at the station's rate, `seconds` long. */
function tone(seconds: number): Buffer {
  const pcm = Buffer.alloc(Math.round(seconds * BYTES_PER_SECOND));
  for (let i = 0; i < pcm.length / 4; i++) {
    const v = Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 44_100));
    pcm.writeInt16LE(v, i * 4);
    pcm.writeInt16LE(v, i * 4 + 2);
  }
  return pcm;
}

describe('encoder', () => {
  it('writes the MP3 in whole blocks, not frame by frame, and every frame arrives', async () => {
    const child = spawn(locateFfmpeg(undefined).ffmpeg, encoderArgs(dir, 'test'), {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    const closed = new Promise((resolve) => child.on('close', resolve));
    // Two seconds fed as the playout clock feeds it: a quarter second at a time.
    const pcm = tone(2);
    const quarter = BYTES_PER_SECOND / 4;
    for (let at = 0; at < pcm.length; at += quarter) {
      child.stdin.write(pcm.subarray(at, at + quarter));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.stdin.end();
    await closed;

    const all = Buffer.concat(chunks);
    // 2 s at 128 kb/s is about 32 kB; frame-by-frame writes would be some 77 of 418 bytes.
    expect(all.length).toBeGreaterThan(30_000);
    // Every read but the one after the encoder's last flush holds whole blocks (several when
    // the reader was slower than the writer).
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length % MP3_BLOCK_BYTES).toBe(0);
    expect(chunks.length).toBeLessThanOrEqual(Math.ceil(all.length / MP3_BLOCK_BYTES));
    // Nothing lost at the block edges: the stream is whole MPEG frames, end to end.
    let at = 0;
    while (at < all.length && frameLength(all, at) > 0) at += frameLength(all, at);
    expect(at).toBe(all.length);
  });
});
