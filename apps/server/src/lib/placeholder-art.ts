/**
 * The cover drawn for a song without art: a diagonal gradient and two soft rings in colours
 * derived from the song's id, with the title's initials in the middle. The same id and title
 * always draw the same picture; the title only ever appears escaped, as SVG text.
 */

/** A 32-bit integer mix (the finaliser of MurmurHash3): neighbouring ids get unrelated colours. */
function mix(n: number): number {
  let h = n >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** Text for an XML text node or attribute: markup characters escaped, control characters gone. */
export function escapeXml(text: string): string {
  return (
    text
      // Characters XML 1.0 does not allow at all.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** Up to two initials, upper case: the first letters or digits of the title's first two words. */
export function titleInitials(title: string): string {
  const words = title.match(/[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu) ?? [];
  const initials = words
    .slice(0, 2)
    .map((w) => [...w][0]!)
    .join('');
  return initials.toLocaleUpperCase() || '♪';
}

/**
 * The placeholder's colours, from the id alone: the base hue steps by the golden angle from one
 * id to the next, so songs side by side in a list never share a colour.
 */
export function placeholderColors(id: number): { from: string; to: string; ring: string } {
  const h = mix(id);
  const hue = Math.floor((id * 137.508) % 360);
  const second = (hue + 40 + ((h >>> 9) % 80)) % 360;
  return {
    from: `hsl(${hue}, 62%, 38%)`,
    to: `hsl(${second}, 70%, 24%)`,
    ring: `hsl(${(hue + 180) % 360}, 80%, 72%)`,
  };
}

/** The SVG document, `size` pixels wide and high (it scales cleanly to any size). */
export function placeholderSvg(id: number, title: string, size = 512): string {
  const h = mix(id ^ 0x5bd1e995);
  const { from, to, ring } = placeholderColors(id);
  const cx = 96 + (h % 320);
  const cy = 96 + ((h >>> 10) % 320);
  const r = 120 + ((h >>> 20) % 120);
  const initials = escapeXml(titleInitials(title));
  const label = escapeXml(title.slice(0, 200));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512" role="img">`,
    `<title>${label}</title>`,
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">',
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>`,
    '</linearGradient></defs>',
    '<rect width="512" height="512" fill="url(#g)"/>',
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${ring}" stroke-opacity="0.25" stroke-width="28"/>`,
    `<circle cx="${512 - cx}" cy="${512 - cy}" r="${Math.round(r / 2)}" fill="${ring}" fill-opacity="0.12"/>`,
    `<text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="190" font-weight="700" fill="#fff" fill-opacity="0.92">${initials}</text>`,
    '</svg>',
  ].join('');
}
