import { describe, expect, it } from 'vitest';
import { imageSize } from './image-size.js';

function png(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

/** A JPEG start: SOI, an APP0 segment, then a baseline frame header. */
function jpeg(width: number, height: number, marker = 0xc0): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [
    0xff,
    marker,
    0x00,
    0x11,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
  ];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, ...Array<number>(12).fill(0)]);
}

describe('imageSize', () => {
  it('reads width and height from PNG, JPEG, GIF and WebP headers', () => {
    expect(imageSize(png(8000, 8000), 'png')).toEqual({ width: 8000, height: 8000 });
    expect(imageSize(jpeg(640, 480), 'jpg')).toEqual({ width: 640, height: 480 });
    expect(imageSize(jpeg(4096, 2048, 0xc2), 'jpg')).toEqual({ width: 4096, height: 2048 });
    const gif = Buffer.from('GIF89a\x40\x01\xf0\x00', 'latin1');
    expect(imageSize(gif, 'gif')).toEqual({ width: 320, height: 240 });
    const vp8x = Buffer.alloc(30);
    vp8x.write('RIFF', 0, 'latin1');
    vp8x.write('WEBPVP8X', 8, 'latin1');
    vp8x.writeUIntLE(1999, 24, 3);
    vp8x.writeUIntLE(999, 27, 3);
    expect(imageSize(vp8x, 'webp')).toEqual({ width: 2000, height: 1000 });
  });

  it('gives null where the header does not say', () => {
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]), 'jpg')).toBeNull();
    expect(imageSize(Buffer.alloc(10), 'png')).toBeNull();
    expect(imageSize(Buffer.from('RIFF'), 'webp')).toBeNull();
  });
});
