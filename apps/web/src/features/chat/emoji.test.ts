import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { twemojiName } from '../../components/twemoji';
import { CUSTOM_EMOJI, STANDARD_EMOJI } from './emoji';

describe('emoji picker set', () => {
  it('offers 44 distinct standard emoji and the 6 custom codes', () => {
    expect(new Set(STANDARD_EMOJI).size).toBe(44);
    expect(CUSTOM_EMOJI).toEqual(['troll', 'allthethings', 'yey', 'yuno', 'jackie', 'farnsworth']);
  });

  it('has a picture in the station’s emoji set for every standard emoji', () => {
    const set = path.dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
    const missing = STANDARD_EMOJI.filter(
      (emoji) => !fs.existsSync(path.join(set, `${twemojiName(emoji)}.svg`)),
    );
    expect(missing).toEqual([]);
  });
});
