import type { FileRecord } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { fileOwnerText, fileSearchRefusal, findSongFile } from './file-panel-rules';

const file = (fields: Partial<FileRecord>): FileRecord => ({
  fileid: 1,
  filename: 'tune.mp3',
  songid: null,
  title: null,
  artists: null,
  pending: false,
  ...fields,
});

describe('fileSearchRefusal', () => {
  it('needs at least 3 characters, spaces aside', () => {
    const refusal = 'Search term must be at least 3 characters';
    expect(fileSearchRefusal('')).toBe(refusal);
    expect(fileSearchRefusal('  ab  ')).toBe(refusal);
    expect(fileSearchRefusal('abc')).toBeNull();
  });
});

describe('findSongFile', () => {
  it("picks this song's file, the exact name first", () => {
    const files = [
      file({ fileid: 1, filename: 'tune.mp3', songid: 9 }),
      file({ fileid: 2, filename: 'tune.mp3.bak', songid: 7 }),
      file({ fileid: 3, filename: 'tune.mp3', songid: 7 }),
    ];
    expect(findSongFile(files, 7, 'tune.mp3')?.fileid).toBe(3);
    expect(findSongFile(files.slice(0, 2), 7, 'tune.mp3')?.fileid).toBe(2);
  });

  it("finds nothing when no result is this song's", () => {
    expect(findSongFile([file({ songid: 9 }), file({ songid: null })], 7, 'tune.mp3')).toBeNull();
    expect(findSongFile([], 7, 'tune.mp3')).toBeNull();
  });
});

describe('fileOwnerText', () => {
  it('says whose file it is', () => {
    expect(fileOwnerText(file({}), 7)).toBe('Not associated with a song');
    expect(fileOwnerText(file({ songid: 7 }), 7)).toBe('This song');
    expect(fileOwnerText(file({ songid: 9, title: 'Jig', artists: 'Osc, Ens' }), 7)).toBe(
      'On Osc, Ens – Jig',
    );
    expect(fileOwnerText(file({ songid: 9, title: 'Jig' }), 7)).toBe('On Jig');
    expect(fileOwnerText(file({ songid: 9 }), 7)).toBe('On Song #9');
  });
});
