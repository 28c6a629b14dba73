import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { locateFfmpeg } from '../../media/ffmpeg-locate.js';
import { Encoder } from './encoder.js';
import { frameLength } from '../mp3/mp3-frames.js';
import { BYTES_PER_SECOND } from './pcm.js';

/*
 * The station's encoder with the real ffmpeg: PCM in a quarter second at a time, as the clock
 * writes it, and the MP3 it makes.
 */

const log = Fastify({ logger: false }).log;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until process `pid` has used no CPU for 300 ms (at most 10 s): it waits for input. */
async function settled(pid: number): Promise<void> {
  const cpu = () => {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  };
  const deadline = Date.now() + 10_000;
  let last = cpu();
  while (Date.now() < deadline) {
    await sleep(300);
    const now = cpu();
    if (now === last) return;
    last = now;
  }
}

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

/** Whole MPEG frames from the start: the bytes they cover. */
function framed(mp3: Buffer): number {
  let at = 0;
  while (at < mp3.length && frameLength(mp3, at) > 0) at += frameLength(mp3, at);
  return at;
}

describe('encoder', () => {
  it('hands on its MP3 only when PCM is written, all of it, in whole frames', async () => {
    const chunks: Buffer[] = [];
    let writing = false;
    const outsideWrites: number[] = [];
    const encoder = new Encoder(
      locateFfmpeg(undefined).ffmpeg,
      dir,
      (mp3) => {
        chunks.push(mp3);
        if (!writing) outsideWrites.push(mp3.length);
      },
      log,
    );
    encoder.start();
    const quarter = BYTES_PER_SECOND / 4;
    const pcm = tone(3);
    for (let at = 0; at < pcm.length; at += quarter) {
      writing = true;
      encoder.write(pcm.subarray(at, at + quarter));
      writing = false;
      await sleep(100);
    }
    // ffmpeg has had the time to encode all but the last quarter (it has stopped using CPU,
    // however busy the machine): nothing arrives meanwhile.
    await sleep(400);
    await settled(encoder.pid!);
    expect(outsideWrites).toEqual([]);
    writing = true;
    encoder.write(Buffer.alloc(quarter));
    writing = false;
    const all = Buffer.concat(chunks);
    // The write took what the pipe held: now everything ffmpeg made of the 3 s of tone but its
    // own delay (a frame or two held for the next input) is out, some 111 frames of 417-418
    // bytes, against some 101 before it. Most of the last quarter's frames come with this write;
    // some may have come with the one before, when ffmpeg encoded faster than this process went
    // from its write to its take.
    expect(all.length).toBeGreaterThan(110 * 417);
    // Frame by frame out of ffmpeg, some nine frames taken at a time: far fewer reads than
    // frames (over a hundred).
    expect(chunks.length).toBeLessThanOrEqual(14);
    expect(framed(all)).toBe(all.length);
    await encoder.stop();
  });

  it('stops even when its last MP3 was never asked for', async () => {
    const encoder = new Encoder(locateFfmpeg(undefined).ffmpeg, dir, () => undefined, log);
    encoder.start();
    for (let i = 0; i < 8; i++) encoder.write(tone(0.25));
    await sleep(300);
    const started = Date.now();
    await encoder.stop();
    // Well before the 2 s after which a stuck encoder is killed.
    expect(Date.now() - started).toBeLessThan(1500);
    expect(encoder.pid).toBeUndefined();
  });
});
