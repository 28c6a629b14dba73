import { describe, expect, it } from 'vitest';
import { escapeXml, placeholderColors, placeholderSvg, titleInitials } from './placeholder-art.js';

describe('the drawn placeholder cover', () => {
  it('takes up to two initials from the first words, in any script', () => {
    expect(titleInitials('sine serenade in A')).toBe('SS');
    expect(titleInitials('  "quoted" -- title ')).toBe('QT');
    expect(titleInitials('Ölmütze')).toBe('Ö');
    expect(titleInitials('2nd reality')).toBe('2R');
    expect(titleInitials('ハロー ワールド')).toBe('ハワ');
    expect(titleInitials('?!')).toBe('♪');
  });

  it('escapes markup and drops characters XML forbids', () => {
    expect(escapeXml(`<a href="x">&'\u0007`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
  });

  it('derives its colours from the id alone: stable, and apart for neighbouring ids', () => {
    expect(placeholderColors(42)).toEqual(placeholderColors(42));
    const hues = Array.from({ length: 12 }, (_, i) => i + 1).map(
      (id) => placeholderColors(id).from,
    );
    expect(new Set(hues).size).toBe(12);
    expect(placeholderSvg(7, 'Title')).toBe(placeholderSvg(7, 'Title'));
    expect(placeholderSvg(7, 'Title')).not.toBe(placeholderSvg(8, 'Title'));
  });

  it('is an SVG of the size asked, with the title only as escaped text', () => {
    const svg = placeholderSvg(3, '</text><script>x</script>', 96);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="96" height="96"/);
    expect(svg).not.toMatch(/<script/);
    expect(svg).toContain('<title>&lt;/text&gt;&lt;script&gt;x&lt;/script&gt;</title>');
    expect(svg).toContain('>TS</text>');
  });
});
