import { describe, expect, it } from 'vitest';
import { clientFileName, parseSongId, uploadOutcome } from './upload-rules.js';

describe('uploadOutcome', () => {
  it("plays staff's file at once; a song waiting for review keeps waiting", () => {
    for (const role of ['helper', 'moderator', 'admin']) {
      expect(uploadOutcome(role, 'missing_file')).toEqual({ pending: 0, status: 'active' });
      expect(uploadOutcome(role, 'review')).toEqual({ pending: 0, status: 'review' });
    }
  });

  it("holds a listener's file for review, and the song with it", () => {
    expect(uploadOutcome('user', 'missing_file')).toEqual({ pending: 1, status: 'review' });
    expect(uploadOutcome('user', 'review')).toEqual({ pending: 1, status: 'review' });
  });
});

describe('parseSongId', () => {
  it('takes a positive whole number, trimmed', () => {
    expect(parseSongId('42')).toEqual({ id: 42 });
    expect(parseSongId(' 7 ')).toEqual({ id: 7 });
    expect(parseSongId(String(2 ** 31 - 1))).toEqual({ id: 2 ** 31 - 1 });
  });

  it('refuses nothing, blanks and anything else with a sentence', () => {
    expect(parseSongId(undefined)).toEqual({ refusal: 'songid is required.' });
    expect(parseSongId('  ')).toEqual({ refusal: 'songid is required.' });
    for (const bad of ['0', '-1', '1.5', '1e3', 'abc', String(2 ** 31), '12345678901']) {
      expect(parseSongId(bad)).toEqual({ refusal: 'songid must be a positive whole number.' });
    }
  });
});

describe('clientFileName', () => {
  it('keeps the last path segment, without control characters, at most 200 characters', () => {
    expect(clientFileName('song.mp3')).toBe('song.mp3');
    expect(clientFileName('C:\\fakepath\\My Song.flac')).toBe('My Song.flac');
    expect(clientFileName('../../etc/passwd')).toBe('passwd');
    expect(clientFileName('bad\u0000na\nme.ogg')).toBe('badname.ogg');
    expect(clientFileName('x'.repeat(300))).toHaveLength(200);
  });

  it('drops hidden formatting: an override cannot disguise the extension', () => {
    expect(clientFileName('song\u202egpj.exe')).toBe('songgpj.exe');
    expect(clientFileName('\u200b\ufeffsong\u2066.mp3')).toBe('song.mp3');
    expect(clientFileName('\u200b')).toBe('');
  });

  it('is empty when nothing is left', () => {
    expect(clientFileName(undefined)).toBe('');
    expect(clientFileName('')).toBe('');
    expect(clientFileName('dir/')).toBe('');
    expect(clientFileName('..')).toBe('');
  });
});
