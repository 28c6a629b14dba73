import { LIMITS } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { parseTags, tagSongsPath, tagsPath } from './tag-paths';

describe('tag paths', () => {
  it('encodes each tag and joins them with plain commas', () => {
    expect(tagsPath(['rock', 'c64 sid', 'r&b'])).toBe('/tags/rock,c64%20sid,r%26b');
    expect(tagsPath([])).toBe('/tags');
  });

  it('asks the API for one page of the same tags', () => {
    expect(tagSongsPath(['rock', 'c64 sid'], 500)).toBe(
      `/api/tags/rock,c64%20sid?offset=500&limit=${LIMITS.pageSize}`,
    );
  });

  it('reads a link it built back into the same tags', () => {
    const tags = ['rock', 'c64 sid', 'r&b'];
    const param = decodeURIComponent(tagsPath(tags).slice('/tags/'.length));
    expect(parseTags(param)).toEqual(tags);
  });

  it('parses a parameter into clean, distinct tags', () => {
    expect(parseTags(' Rock, chip ,,rock')).toEqual(['rock', 'chip']);
    expect(parseTags(undefined)).toEqual([]);
  });
});
