import { describe, expect, it } from 'vitest';
import { icyMetadataBlock } from './icy-metadata.js';

const textOf = (block: Buffer) => block.subarray(1).toString('latin1').replace(/\0+$/, '');

describe('ICY metadata block', () => {
  it('is a length byte and the title padded with NULs to 16-byte units', () => {
    const block = icyMetadataBlock('Artist B - Tone B');
    const text = "StreamTitle='Artist B - Tone B';";
    expect(block[0]).toBe(Math.ceil(text.length / 16));
    expect(block.length).toBe(1 + block[0]! * 16);
    expect(textOf(block)).toBe(text);
    expect(block.subarray(1 + text.length).every((b) => b === 0)).toBe(true);
  });

  it('drops single quotes and replaces what is not printable ASCII', () => {
    expect(textOf(icyMetadataBlock("Guns N' Roses - Don't Cry"))).toBe(
      "StreamTitle='Guns N Roses - Dont Cry';",
    );
    expect(textOf(icyMetadataBlock('Beyoncé - Tab\there 東'))).toBe(
      "StreamTitle='Beyonce - Tab?here ?';",
    );
  });

  it('caps an overlong title at 255 units', () => {
    const block = icyMetadataBlock('x'.repeat(10_000));
    expect(block[0]).toBe(255);
    expect(block.length).toBe(1 + 255 * 16);
    expect(textOf(block).endsWith("x';")).toBe(true);
  });
});
