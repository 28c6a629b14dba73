import { describe, expect, it } from 'vitest';
import { audioExtension, moduleExtension, storedDemuxer } from './audio-extension.js';

const none = new Uint8Array(0);

/** A file start with `text` at `at`. */
function headWith(text: string, at: number): Uint8Array {
  const head = Buffer.alloc(1084);
  head.write(text, at, 'latin1');
  return head;
}

describe('audioExtension', () => {
  it('names a file by its container, and by the codec where the container holds several', () => {
    expect(audioExtension('mp3', 'mp3', none)).toBe('.mp3');
    expect(audioExtension('mp3', 'mp2', none)).toBe('.mp2');
    expect(audioExtension('ogg', 'vorbis', none)).toBe('.ogg');
    expect(audioExtension('ogg', 'opus', none)).toBe('.opus');
    expect(audioExtension('ogg', 'flac', none)).toBe('.oga');
    expect(audioExtension('ogg', null, none)).toBe('.ogg');
    expect(audioExtension('flac', 'flac', none)).toBe('.flac');
    expect(audioExtension('wav', 'pcm_s16le', none)).toBe('.wav');
    expect(audioExtension('mp4', 'aac', none)).toBe('.m4a');
    expect(audioExtension('aac', 'aac', none)).toBe('.aac');
  });

  it('tells tracker modules apart by their signatures', () => {
    expect(audioExtension('module', 'pcm_f32le', headWith('M.K.', 1080))).toBe('.mod');
    expect(moduleExtension(headWith('Extended Module: ', 0))).toBe('.xm');
    expect(moduleExtension(headWith('IMPM', 0))).toBe('.it');
    expect(moduleExtension(headWith('SCRM', 44))).toBe('.s3m');
    expect(moduleExtension(headWith('MTM\x10', 0))).toBe('.mtm');
    expect(moduleExtension(none)).toBe('.mod');
  });
});

describe('storedDemuxer', () => {
  it('reads every name a stored file gets back as the demuxer to force', () => {
    for (const kind of ['mp3', 'ogg', 'flac', 'wav', 'mp4', 'aac'] as const) {
      expect(storedDemuxer(`ab/cd${audioExtension(kind, null, none)}`)).not.toBeNull();
    }
    expect(storedDemuxer('ab/cd.opus')).toBe('ogg');
    expect(storedDemuxer('ab/cd.M4A')).toBe('mov');
    expect(storedDemuxer('ab/cd.xm')).toBe('libopenmpt');
    expect(storedDemuxer('ab/cd.wma')).toBe('asf');
  });

  it('opens no playlist, manifest, concat list or description, whatever a file is called', () => {
    for (const name of [
      'a.hls',
      'a.m3u8',
      'a.dash',
      'a.mpd',
      'a.concat',
      'a.sdp',
      'a.audio',
      'a',
    ]) {
      expect(storedDemuxer(name)).toBeNull();
    }
  });
});
