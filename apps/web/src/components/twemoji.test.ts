import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitEmoji, twemojiName, twemojiSrc, TWEMOJI_VERSION } from './twemoji';

const setDir = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
const inSet = (emoji: string) => fs.existsSync(path.join(setDir, `${twemojiName(emoji)}.svg`));

describe('twemoji', () => {
  it('is the version installed', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(setDir, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(manifest.version).toBe(TWEMOJI_VERSION);
  });

  it('names files by code point, dropping U+FE0F outside joined sequences', () => {
    expect(twemojiName('😀')).toBe('1f600');
    expect(twemojiName('❤️')).toBe('2764');
    expect(twemojiName('👍🏽')).toBe('1f44d-1f3fd');
    expect(twemojiName('🏳️‍🌈')).toBe('1f3f3-fe0f-200d-1f308');
    expect(twemojiName('👩‍💻')).toBe('1f469-200d-1f4bb');
    expect(twemojiSrc('😀')).toBe(`/assets/twemoji-${TWEMOJI_VERSION}/1f600.svg`);
  });

  it('has a picture for each of these, by that name', () => {
    for (const emoji of ['😀', '❤️', '👍🏽', '🏳️‍🌈', '👩‍💻', '🇫🇮', '✌️', '🤘']) {
      expect(inSet(emoji), emoji).toBe(true);
    }
  });

  it('cuts text into its plain parts and its emoji', () => {
    expect(splitEmoji('hi 👋🏻 from 🇫🇮!')).toEqual([
      { emoji: false, text: 'hi ' },
      { emoji: true, text: '👋🏻' },
      { emoji: false, text: ' from ' },
      { emoji: true, text: '🇫🇮' },
      { emoji: false, text: '!' },
    ]);
    expect(splitEmoji('👩‍💻')).toEqual([{ emoji: true, text: '👩‍💻' }]);
    expect(splitEmoji('plain <b>text</b>')).toEqual([{ emoji: false, text: 'plain <b>text</b>' }]);
    expect(splitEmoji('')).toEqual([]);
  });
});
