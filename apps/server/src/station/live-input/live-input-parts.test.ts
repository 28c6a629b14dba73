import { describe, expect, it } from 'vitest';
import { BYTES_PER_SECOND, SAMPLE_RATE } from '../playout/pcm.js';
import { Crossfade } from '../playout/crossfade.js';
import { demuxerOf, demuxerOfType } from './input-format.js';
import { LiveFeed, MAX_BUFFER_S } from './live-feed.js';
import { LoudnessFollower, TARGET_LUFS } from './loudness.js';
import { parseCommentPacket, titleOf } from './ogg-comments.js';
import {
  acceptAnswer,
  forwardedHead,
  keepsAlive,
  parseSourceHead,
  sourceAnswer,
} from './source-head.js';

/** Stereo 16-bit PCM of a sine at `amplitude` (0–1) for `seconds`. */
function sine(freq: number, seconds: number, amplitude: number): Buffer {
  const frames = Math.round(seconds * SAMPLE_RATE);
  const pcm = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const v = Math.round(Math.sin((2 * Math.PI * freq * i) / SAMPLE_RATE) * amplitude * 32767);
    pcm.writeInt16LE(v, i * 4);
    pcm.writeInt16LE(v, i * 4 + 2);
  }
  return pcm;
}

const peak = (pcm: Buffer) => {
  let max = 0;
  for (let i = 0; i + 2 <= pcm.length; i += 2) max = Math.max(max, Math.abs(pcm.readInt16LE(i)));
  return max;
};

describe('a source request head', () => {
  it('is read once complete, keeping what follows as audio', () => {
    const head = 'SOURCE /live?x HTTP/1.0\r\nAuthorization: Basic eDp5\r\nice-name: Night\r\n\r\n';
    expect(parseSourceHead(Buffer.from(head.slice(0, 20))).kind).toBe('incomplete');
    const result = parseSourceHead(Buffer.concat([Buffer.from(head), Buffer.from([0xff, 0xfb])]));
    expect(result.kind).toBe('head');
    if (result.kind !== 'head') return;
    expect(result.head).toMatchObject({ method: 'SOURCE', path: '/live', version: 'HTTP/1.0' });
    expect(result.head.headers.get('ice-name')).toBe('Night');
    expect([...result.rest]).toEqual([0xff, 0xfb]);
    expect(forwardedHead(result.head).toString()).toMatch(/x-queuecast-forwarded: 1\r\n\r\n$/);
  });

  it('refuses a malformed or endless head', () => {
    expect(parseSourceHead(Buffer.from('SOURCE /live\r\n\r\n'))).toMatchObject({ kind: 'invalid' });
    expect(parseSourceHead(Buffer.from('PUT /live HTTP/1.1\r\nno colon\r\n\r\n'))).toMatchObject({
      kind: 'invalid',
    });
    expect(parseSourceHead(Buffer.alloc(20_000, 'a'))).toMatchObject({ kind: 'invalid' });
  });

  it('answers the way source clients read: 100 Continue when asked, else 200; errors closed', () => {
    const put = parseSourceHead(Buffer.from('PUT /live HTTP/1.1\r\nExpect: 100-continue\r\n\r\n'));
    const source = parseSourceHead(Buffer.from('SOURCE /live HTTP/1.0\r\n\r\n'));
    if (put.kind !== 'head' || source.kind !== 'head') throw new Error('not parsed');
    expect(acceptAnswer(put.head)).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    expect(acceptAnswer(source.head)).toMatch(/^HTTP\/1\.0 200 OK\r\n/);
    // libshout's PUT without credentials (no body yet) keeps the connection for the next one.
    const probe = parseSourceHead(Buffer.from('PUT /live HTTP/1.1\r\nContent-Length: 0\r\n\r\n'));
    if (probe.kind !== 'head') throw new Error('not parsed');
    expect(keepsAlive(probe.head)).toBe(true);
    expect(keepsAlive(put.head)).toBe(false);
    expect(keepsAlive(source.head)).toBe(false);
    const refusal = sourceAnswer(409, 'dj_one is on air.');
    expect(refusal).toMatch(/^HTTP\/1\.0 409 Conflict\r\n/);
    expect(refusal).toMatch(/Connection: close\r\n/);
    expect(refusal.endsWith('\r\n\r\ndj_one is on air.\n')).toBe(true);
  });
});

describe('a source format', () => {
  it('is judged from the bytes, else from the content type', () => {
    expect(demuxerOf(Buffer.from('OggS\0\x02rest'))).toBe('ogg');
    expect(demuxerOf(Buffer.from('not audio at all, but long enough to look at'))).toBeNull();
    expect(demuxerOfType('audio/mpeg')).toBe('mp3');
    expect(demuxerOfType('audio/aac')).toBe('aac');
    expect(demuxerOfType('application/ogg')).toBe('ogg');
    expect(demuxerOfType('text/html')).toBeNull();
    expect(demuxerOfType(undefined)).toBeNull();
  });
});

describe('Ogg comments', () => {
  it('give "Artist - Title" from a Vorbis comment packet', () => {
    const field = (s: string) => {
      const b = Buffer.from(s, 'utf8');
      const len = Buffer.alloc(4);
      len.writeUInt32LE(b.length);
      return Buffer.concat([len, b]);
    };
    const count = Buffer.alloc(4);
    count.writeUInt32LE(2);
    const packet = Buffer.concat([
      Buffer.from('\x03vorbis', 'latin1'),
      field('Lavf'),
      count,
      field('ARTIST=Jogeir Liljedahl'),
      field('title=Guitar Slinger'),
      Buffer.from([1]),
    ]);
    const comments = parseCommentPacket(packet)!;
    expect(titleOf(comments)).toBe('Jogeir Liljedahl - Guitar Slinger');
    expect(parseCommentPacket(Buffer.from('\x01vorbis', 'latin1'))).toBeNull();
  });
});

describe('the live feed', () => {
  it('plays the DJ after a short buffer, the stand-by sound when the DJ is missing', () => {
    const standby = sine(220, 1, 0.03);
    const feed = new LiveFeed(standby);
    feed.connected = true;
    let primed = 0;
    feed.onPrimed = () => primed++;
    feed.push(sine(880, 0.1, 0.5));
    expect(primed).toBe(0);
    feed.push(sine(880, 0.2, 0.5));
    expect(primed).toBe(1);
    // The DJ's audio, faded in over its first block.
    const first = feed.read(BYTES_PER_SECOND / 4);
    expect(first.length).toBe(BYTES_PER_SECOND / 4);
    expect(peak(first)).toBeGreaterThan(0.4 * 32767);
    // Gone for a second: the stand-by sound comes in, never silence.
    feed.connected = false;
    feed.read(BYTES_PER_SECOND / 2);
    const held = feed.read(BYTES_PER_SECOND / 2);
    expect(peak(held.subarray(held.length / 2))).toBeGreaterThan(0.02 * 32767);
    expect(peak(held)).toBeLessThan(0.1 * 32767);
  });

  it('holds silence where the stand-by sound goes until the sound is ready, then plays it', () => {
    const feed = new LiveFeed(null);
    feed.connected = true;
    feed.push(sine(880, 0.3, 0.5));
    expect(peak(feed.read(BYTES_PER_SECOND / 4))).toBeGreaterThan(0.4 * 32767);
    feed.connected = false;
    feed.read(BYTES_PER_SECOND / 2);
    expect(peak(feed.read(BYTES_PER_SECOND / 2))).toBe(0);
    feed.useStandby(sine(220, 1, 0.03));
    feed.read(BYTES_PER_SECOND / 2);
    expect(peak(feed.read(BYTES_PER_SECOND / 2))).toBeGreaterThan(0.02 * 32767);
  });

  it('drops what a source sends faster than real time, and says so', () => {
    const dropped: number[] = [];
    const feed = new LiveFeed(sine(220, 1, 0.03), (s) => dropped.push(s));
    feed.connected = true;
    for (let i = 0; i < 30; i++) feed.push(sine(880, 0.1, 0.5));
    expect(feed.bufferedSeconds).toBeLessThanOrEqual(MAX_BUFFER_S);
    expect(dropped.length).toBe(1);
    expect(dropped[0]).toBeGreaterThan(1);
  });
});

describe('the crossfade', () => {
  it('brings the new audio in as the old goes, keeping the level, and stops the old', () => {
    let stopped = false;
    const old = sine(440, 1, 0.5);
    let at = 0;
    const fade = new Crossfade(
      (n) => {
        const out = old.subarray(at, at + n);
        at += n;
        return out;
      },
      BYTES_PER_SECOND / 2,
      () => (stopped = true),
    );
    const start = fade.over(Buffer.alloc(BYTES_PER_SECOND / 20));
    expect(peak(start)).toBeGreaterThan(0.45 * 32767); // the old audio, still at full level
    fade.over(Buffer.alloc(BYTES_PER_SECOND / 2));
    expect(fade.finished).toBe(true);
    expect(stopped).toBe(true);
    const after = sine(880, 0.1, 0.5);
    expect(fade.over(after)).toBe(after);
  });
});

describe('the loudness follower', () => {
  it('brings a quiet source toward -16 LUFS within its first seconds', () => {
    const follower = new LoudnessFollower();
    const quiet = sine(1000, 4, 0.02); // about -37 LUFS
    const out = follower.process(quiet);
    expect(follower.gainDb).toBeGreaterThan(15);
    expect(follower.loudness).toBeLessThan(TARGET_LUFS - 15);
    expect(peak(out.subarray(out.length - BYTES_PER_SECOND))).toBeGreaterThan(0.15 * 32767);
  });
});
