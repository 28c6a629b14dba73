import { describe, expect, it } from 'vitest';
import { audioExtension, moduleExtension } from './audio-extension.js';

const none = new Uint8Array(0);

/** A file start with `text` at `at`. */
function headWith(text: string, at: number): Uint8Array {
  const head = Buffer.alloc(1084);
  head.write(text, at, 'latin1');
  return head;
}

describe('audioExtension', () => {
  it('names a file by the demuxer that read it, and the codec where the container holds several', () => {
    expect(audioExtension('mp3', 'mp3', none)).toBe('.mp3');
    expect(audioExtension('mp3', 'mp2', none)).toBe('.mp2');
    expect(audioExtension('ogg', 'vorbis', none)).toBe('.ogg');
    expect(audioExtension('ogg', 'opus', none)).toBe('.opus');
    expect(audioExtension('ogg', 'flac', none)).toBe('.oga');
    expect(audioExtension('flac', 'flac', none)).toBe('.flac');
    expect(audioExtension('wav', 'pcm_s16le', none)).toBe('.wav');
    expect(audioExtension('mov,mp4,m4a,3gp,3g2,mj2', 'aac', none)).toBe('.m4a');
    expect(audioExtension('matroska,webm', 'opus', none)).toBe('.mka');
  });

  it('falls back on the codec, then on a plain demuxer name, never on the client', () => {
    expect(audioExtension(null, 'vorbis', none)).toBe('.ogg');
    expect(audioExtension('xwma', 'wmav2', none)).toBe('.wma');
    expect(audioExtension('nistsphere', 'pcm_s16le', none)).toBe('.audio');
    expect(audioExtension('xa', 'adpcm_ea', none)).toBe('.xa');
    expect(audioExtension('some,list', 'pcm_s8', none)).toBe('.some');
    expect(audioExtension(null, null, none)).toBe('.audio');
    expect(audioExtension('a b', null, none)).toBe('.audio');
  });

  it('tells tracker modules apart by their signatures', () => {
    expect(audioExtension('libopenmpt', 'pcm_f32le', headWith('M.K.', 1080))).toBe('.mod');
    expect(moduleExtension(headWith('Extended Module: ', 0))).toBe('.xm');
    expect(moduleExtension(headWith('IMPM', 0))).toBe('.it');
    expect(moduleExtension(headWith('SCRM', 44))).toBe('.s3m');
    expect(moduleExtension(headWith('MTM\x10', 0))).toBe('.mtm');
    expect(moduleExtension(none)).toBe('.mod');
  });
});
