import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Files an attacker uploads instead of music: text formats that ffmpeg would follow to other
 * files or URLs when it probes by content, and audio built to cost far more to decode than its
 * size suggests.
 */

/** An HLS playlist whose one segment is `uri` (a file:// path or an http:// URL). */
export const hlsPlaylist = (uri: string) =>
  Buffer.from(
    `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:4.0,\n${uri}\n#EXT-X-ENDLIST\n`,
  );

/** A DASH manifest whose audio lives at `baseUrl`. */
export const dashManifest = (baseUrl: string) =>
  Buffer.from(`<?xml version="1.0" encoding="utf-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT4S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
  <Period><AdaptationSet mimeType="audio/mp4">
    <Representation id="a" bandwidth="128000" codecs="mp4a.40.2"><BaseURL>${baseUrl}</BaseURL>
      <SegmentBase indexRange="0-100"><Initialization range="0-100"/></SegmentBase>
    </Representation>
  </AdaptationSet></Period>
</MPD>
`);

/** An ffconcat list that plays `file`. */
export const ffconcat = (file: string) => Buffer.from(`ffconcat version 1.0\nfile '${file}'\n`);

/** An SDP description that makes a reader listen for RTP on `port`. */
export const sdp = (port: number) =>
  Buffer.from(
    `v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\ns=trap\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio ${port} RTP/AVP 0\r\na=rtpmap:0 PCMU/8000\r\n`,
  );

/** An ID3v2.4 tag header for `size` bytes of frames. */
export function id3Header(size: number): Buffer {
  return Buffer.from([
    ...Buffer.from('ID3', 'latin1'),
    4,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
}

/** A local HTTP server that counts every request: a URL that must never be fetched. */
export async function httpTrap(): Promise<{
  url: string;
  port: number;
  hits: () => number;
  close: () => Promise<void>;
}> {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits++;
    res.end('trap');
  });
  server.on('connection', () => hits++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// FLAC, written frame by frame: silence costs a few bytes a frame however long the frame is.

function crc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** A frame number in FLAC's UTF-8-like coding. */
function utf8Number(n: number): number[] {
  if (n < 0x80) return [n];
  if (n < 0x800) return [0xc0 | (n >> 6), 0x80 | (n & 0x3f)];
  if (n < 0x10000) return [0xe0 | (n >> 12), 0x80 | ((n >> 6) & 0x3f), 0x80 | (n & 0x3f)];
  return [0xf0 | (n >> 18), 0x80 | ((n >> 12) & 0x3f), 0x80 | ((n >> 6) & 0x3f), 0x80 | (n & 0x3f)];
}

const BLOCK = 65535;

/**
 * A FLAC file of `seconds` of 16-bit silence at `sampleRate` Hz in `channels` channels (1-8),
 * each frame 65,535 samples of CONSTANT subframes: an hour at 192 kHz in 8 channels is about
 * 370 KB, and decodes to some 11 GB of samples. `declareLength: false` leaves the stream's
 * length unknown in its header, as a streamed encoder does.
 */
export function flacOfSilence(options: {
  seconds: number;
  sampleRate: number;
  channels: number;
  declareLength?: boolean;
}): Buffer {
  const { sampleRate, channels } = options;
  const total = Math.round(options.seconds * sampleRate);
  const frames = Math.ceil(total / BLOCK);
  const info = Buffer.alloc(34);
  info.writeUInt16BE(BLOCK, 0);
  info.writeUInt16BE(BLOCK, 2);
  // 20 bits of rate, 3 of channels - 1, 5 of bits - 1, 36 of total samples.
  const samples = options.declareLength === false ? 0 : total;
  const packed =
    (BigInt(sampleRate) << 44n) | (BigInt(channels - 1) << 41n) | (15n << 36n) | BigInt(samples);
  info.writeBigUInt64BE(packed, 10);
  const parts: Buffer[] = [Buffer.from('fLaC', 'latin1'), Buffer.from([0x80, 0, 0, 34]), info];
  // Rate from the header's end: in kHz when whole and small, else in tens of Hz.
  const rateInKhz = sampleRate % 1000 === 0 && sampleRate / 1000 <= 255;
  for (let n = 0; n < frames; n++) {
    const size = Math.min(BLOCK, total - n * BLOCK);
    const header = [
      0xff,
      0xf8,
      (0b0111 << 4) | (rateInKhz ? 0b1100 : 0b1110),
      ((channels - 1) << 4) | (0b100 << 1),
      ...utf8Number(n),
      (size - 1) >> 8,
      (size - 1) & 0xff,
      ...(rateInKhz ? [sampleRate / 1000] : [(sampleRate / 10) >> 8, (sampleRate / 10) & 0xff]),
    ];
    header.push(crc8(Uint8Array.from(header)));
    // Each subframe: CONSTANT, no wasted bits, then its one 16-bit value.
    const body = Array.from({ length: channels }, () => [0, 0, 0]).flat();
    const frame = Uint8Array.from([...header, ...body]);
    const crc = crc16(frame);
    parts.push(Buffer.from(frame), Buffer.from([crc >> 8, crc & 0xff]));
  }
  return Buffer.concat(parts);
}

/**
 * Writes `target`: an ID3v2.4 tag of `tagBytes` holding one private frame, then `audio`.
 * Streamed in 1 MiB chunks: the tag is never whole in memory.
 */
export async function withHugeId3Tag(target: string, audio: Buffer, tagBytes: number) {
  const frameBody = tagBytes - 10;
  const frameHeader = Buffer.alloc(10);
  frameHeader.write('PRIV', 0, 'latin1');
  // ID3v2.4 frame sizes are syncsafe too.
  frameHeader.set(id3Header(frameBody - 10).subarray(6), 4);
  const out = fs.createWriteStream(target);
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) =>
      out.write(chunk, (err) => (err ? reject(err) : resolve())),
    );
  await write(id3Header(frameBody));
  await write(frameHeader);
  const chunk = Buffer.alloc(1024 * 1024, 0x41);
  for (let left = frameBody - 10; left > 0; left -= chunk.length) {
    await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
  }
  await write(audio);
  await new Promise<void>((resolve) => out.end(resolve));
}

/** A WAV file of `channels` channels of 16-bit silence, one second at 44.1 kHz. */
export function wavOfSilence(channels: number, extraChunk?: { id: string; bytes: number }): Buffer {
  const data = Buffer.alloc(44_100 * channels * 2);
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'latin1');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8);
  fmt.writeUInt16LE(channels, 10);
  fmt.writeUInt32LE(44_100, 12);
  fmt.writeUInt32LE(44_100 * channels * 2, 16);
  fmt.writeUInt16LE(channels * 2, 20);
  fmt.writeUInt16LE(16, 22);
  const extra = extraChunk
    ? Buffer.concat([
        Buffer.from(extraChunk.id, 'latin1'),
        Buffer.from(Uint32Array.of(extraChunk.bytes).buffer),
        Buffer.alloc(extraChunk.bytes, 0x20),
      ])
    : Buffer.alloc(0);
  const dataHeader = Buffer.alloc(8);
  dataHeader.write('data', 0, 'latin1');
  dataHeader.writeUInt32LE(data.length, 4);
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), fmt, extra, dataHeader, data]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/**
 * `flac` (a FLAC file) with `blocks` PADDING blocks of 16 MiB inserted after its STREAMINFO:
 * metadata a reader would take in, of 16 MiB × blocks.
 */
export function flacWithHugeBlocks(flac: Buffer, blocks: number): Buffer {
  const streamInfo = Buffer.from(flac.subarray(4, 42));
  const lastFlag = streamInfo[0]! & 0x80;
  streamInfo[0] = streamInfo[0]! & 0x7f;
  const padding: Buffer[] = [];
  const size = 0xffffff;
  for (let i = 0; i < blocks; i++) {
    const last = i === blocks - 1 && lastFlag ? 0x80 : 0;
    padding.push(Buffer.from([last | 1, size >> 16, (size >> 8) & 0xff, size & 0xff]));
    padding.push(Buffer.alloc(size));
  }
  return Buffer.concat([flac.subarray(0, 4), streamInfo, ...padding, flac.subarray(42)]);
}
