import { describe, expect, it } from 'vitest';
import { FLUSH_FRAMES, Mp3Stream, type Mp3Chunk } from './mp3-stream.js';

/** One MPEG-1 layer III frame, 128 kb/s at 44.1 kHz: 417 bytes. */
const FRAME = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
const frames = (n: number) => Buffer.concat(Array<Buffer>(n).fill(FRAME));

describe('Mp3Stream', () => {
  it('hands on a chunk at every second tick of the clock, with no timer', () => {
    const chunks: Mp3Chunk[] = [];
    const stream = new Mp3Stream((c) => chunks.push(c));
    expect(FLUSH_FRAMES).toBe(29);
    // The encoder's output as the clock takes it: 19 or 20 frames a tick. The splitter holds
    // each push's last frame until the next header shows it whole, so a push yields the frames
    // completed by it.
    const ticks = [20, 19, 19, 20, 19, 19];
    const sent: number[] = [];
    for (const n of ticks) {
      stream.push(frames(n));
      sent.push(chunks.length);
    }
    // Frames out per push: 19, 19, 19, 20, 19, 19: a chunk at every second push.
    expect(sent).toEqual([0, 1, 1, 2, 2, 3]);
    expect(chunks.map((c) => c.bytes.length / FRAME.length)).toEqual([38, 39, 38]);
    // The chunks follow one another in the stream.
    expect(chunks.map((c) => c.start / FRAME.length)).toEqual([0, 38, 77]);
  });

  it('still hands on a chunk at every second tick when the encoder is frames behind', () => {
    const chunks: Mp3Chunk[] = [];
    const stream = new Mp3Stream((c) => chunks.push(c));
    // A busy machine: the encoder has made a frame or two fewer than the PCM it was given.
    const ticks = [18, 17, 19, 18];
    const sent: number[] = [];
    for (const n of ticks) {
      stream.push(frames(n));
      sent.push(chunks.length);
    }
    // Frames out per push: 17, 17, 19, 18: 34 and 37 a chunk, neither waiting for a third tick.
    expect(sent).toEqual([0, 1, 1, 2]);
    expect(chunks.map((c) => c.bytes.length / FRAME.length)).toEqual([34, 37]);
  });

  it('places a title change at its frame, whichever chunk carries it', () => {
    const chunks: Mp3Chunk[] = [];
    const stream = new Mp3Stream((c) => chunks.push(c));
    stream.push(frames(5)); // frames 0-3 out, the 5th held
    // A track whose first sample is the encoder's sample 1152 * 45, heard 1105 samples later
    // (the encoder's delay): in frame 45.
    stream.trackAt(1152 * 45)('Second');
    for (let i = 0; i < 8; i++) stream.push(frames(10));
    // Frames 0-33, then 34-63 (the 20 after them wait for more).
    expect(chunks.map((c) => c.start / FRAME.length)).toEqual([0, 34]);
    expect(chunks[0]!.changes).toEqual([]);
    expect(chunks[1]!.changes).toEqual([{ at: 45 * 417, title: 'Second' }]);
  });
});
