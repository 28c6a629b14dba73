import { describe, expect, it } from 'vitest';
import {
  adtsFrameLength,
  id3v2Size,
  mpegFrameLength,
  sniffContainer,
  type AudioKind,
} from './audio-container.js';

/** An MPEG-1 layer III frame header at 128 kb/s, 44.1 kHz, without padding: 417 bytes. */
const MP3_FRAME = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
/** An ADTS frame header (AAC LC, 44.1 kHz, stereo) of 200 bytes. */
function adtsFrame(length = 200): Buffer {
  const frame = Buffer.alloc(length);
  frame.set([
    0xff,
    0xf1,
    0x50,
    0x80 | (length >> 11),
    (length >> 3) & 0xff,
    ((length & 7) << 5) | 0x1f,
    0xfc,
  ]);
  return frame;
}
const frames = (frame: Buffer, n: number) => Buffer.concat(Array.from({ length: n }, () => frame));

function id3(bodyBytes: number): Buffer {
  const size = bodyBytes;
  return Buffer.concat([
    Buffer.from('ID3', 'latin1'),
    Buffer.from([
      4,
      0,
      0,
      (size >> 21) & 0x7f,
      (size >> 14) & 0x7f,
      (size >> 7) & 0x7f,
      size & 0x7f,
    ]),
    Buffer.alloc(bodyBytes),
  ]);
}

function kindOf(file: Buffer, modules = true): AudioKind | null {
  let tags = 0;
  for (let size = id3v2Size(file, 0); size > 0; size = id3v2Size(file, tags)) tags += size;
  return sniffContainer(file, file.subarray(tags), tags, { modules })?.kind ?? null;
}

const ascii = (text: string, at = 0, length = 2048) => {
  const b = Buffer.alloc(Math.max(length, at + text.length));
  b.write(text, at, 'latin1');
  return b;
};

describe('frame headers', () => {
  it('measures MPEG audio and ADTS frames from their headers', () => {
    expect(mpegFrameLength(MP3_FRAME, 0)).toBe(417);
    // MPEG-2 layer III, 64 kb/s, 22.05 kHz: 72 × 64000 / 22050 = 208.
    expect(mpegFrameLength(Buffer.from([0xff, 0xf3, 0x80, 0xc4]), 0)).toBe(208);
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0xf0, 0x64]), 0)).toBe(0); // bad bitrate
    expect(mpegFrameLength(Buffer.from([0xff, 0xfb, 0x9c, 0x64]), 0)).toBe(0); // bad rate
    expect(adtsFrameLength(adtsFrame(300), 0)).toBe(300);
    expect(adtsFrameLength(Buffer.from('#EXTM3U'), 0)).toBe(0);
  });

  it('reads the syncsafe size of an ID3v2 tag, header and footer included', () => {
    expect(id3v2Size(id3(1000))).toBe(1010);
    expect(id3v2Size(Buffer.from('ID3\x04\x00\x10\x00\x00\x07\x68', 'latin1'))).toBe(1020);
    expect(id3v2Size(Buffer.from('ID3\x04\x00\x00\x80\x00\x00\x00', 'latin1'))).toBe(0);
    expect(id3v2Size(Buffer.from('TAG'))).toBe(0);
  });
});

describe('sniffContainer', () => {
  it('recognises every container the station plays by its bytes', () => {
    expect(kindOf(frames(MP3_FRAME, 4))).toBe('mp3');
    expect(kindOf(Buffer.concat([id3(5000), frames(MP3_FRAME, 4)]))).toBe('mp3');
    expect(kindOf(Buffer.concat([id3(100), Buffer.alloc(300), frames(MP3_FRAME, 4)]))).toBe('mp3');
    expect(kindOf(frames(adtsFrame(), 4))).toBe('aac');
    expect(kindOf(ascii('OggS'))).toBe('ogg');
    expect(kindOf(ascii('fLaC'))).toBe('flac');
    expect(kindOf(Buffer.concat([id3(64), ascii('fLaC')]))).toBe('flac');
    expect(kindOf(Buffer.concat([ascii('RIFF', 0, 8), ascii('WAVE')]))).toBe('wav');
    expect(kindOf(Buffer.concat([ascii('RF64', 0, 8), ascii('WAVE')]))).toBe('wav');
    const ftyp = ascii('\x00\x00\x00\x20ftypM4A \x00\x00\x00\x00M4A mp42isom');
    expect(kindOf(ftyp)).toBe('mp4');
  });

  it('takes tracker modules only where ffmpeg decodes them', () => {
    const modules = [
      ascii('Extended Module: x'),
      ascii('IMPM'),
      ascii('SCRM', 44),
      ascii('M.K.', 1080, 2048),
      ascii('MTM\x10'),
    ];
    for (const module of modules) {
      expect(kindOf(module)).toBe('module');
      expect(kindOf(module, false)).toBeNull();
    }
  });

  it('refuses what ffmpeg would follow elsewhere, and anything else that is not audio', () => {
    const refused = [
      '#EXTM3U\n#EXTINF:4,\nfile:///etc/passwd\n',
      '<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011"></MPD>',
      "ffconcat version 1.0\nfile '/tmp/a.mp3'\n",
      'v=0\r\no=- 0 0 IN IP4 127.0.0.1\r\nm=audio 5004 RTP/AVP 0\r\n',
      '[playlist]\nFile1=http://127.0.0.1/a.mp3\n',
      'not music at all',
    ].map((text) => Buffer.from(text));
    refused.push(Buffer.from('\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR', 'latin1'));
    refused.push(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]));
    refused.push(Buffer.concat([id3(200), Buffer.from('#EXTM3U\nfile:///etc/passwd\n')]));
    refused.push(Buffer.alloc(4096));
    // One frame header and then text: random bytes rarely make frames that follow each other.
    refused.push(Buffer.concat([MP3_FRAME.subarray(0, 4), Buffer.from('#EXTM3U')]));
    refused.push(Buffer.alloc(0));
    for (const file of refused) expect(kindOf(file), file.toString('latin1')).toBeNull();
  });
});
