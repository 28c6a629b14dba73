import { describe, expect, it } from 'vitest';
import { textFrame } from './ws-frame.js';

describe('textFrame', () => {
  it('uses the 7-bit, 16-bit and 64-bit length forms of RFC 6455', () => {
    for (const [size, header] of [
      [125, [0x81, 125]],
      [126, [0x81, 126, 0, 126]],
      [65_535, [0x81, 126, 0xff, 0xff]],
      [65_536, [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0]],
    ] as const) {
      const payload = Buffer.alloc(size, 'x');
      const frame = textFrame(payload);
      expect([...frame.subarray(0, header.length)]).toEqual(header);
      expect(frame.length).toBe(header.length + size);
      expect(frame.subarray(header.length).equals(payload)).toBe(true);
    }
  });
});
