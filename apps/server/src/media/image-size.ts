/** The picture types a cover can be (the art store's). */
export type ImageType = 'jpg' | 'png' | 'gif' | 'webp';

export interface ImageSize {
  width: number;
  height: number;
}

/** JPEG start-of-frame markers (baseline, progressive, …), which carry the picture's size. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegSize(data: Buffer): ImageSize | null {
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // the image data, before any frame
    const length = data.readUInt16BE(at + 2);
    if (SOF.has(marker)) {
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

function webpSize(data: Buffer): ImageSize | null {
  const chunk = data.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8X' && data.length >= 30) {
    return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
  }
  if (chunk === 'VP8 ' && data.length >= 30) {
    return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && data.length >= 25) {
    const bits = data.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return null;
}

/**
 * A picture's width and height from its header, without decoding it; null when the header does
 * not say (a picture that is then not decoded at all).
 */
export function imageSize(data: Buffer, type: ImageType): ImageSize | null {
  switch (type) {
    case 'jpg':
      return jpegSize(data);
    case 'png':
      return data.length >= 24 && data.subarray(12, 16).toString('latin1') === 'IHDR'
        ? { width: data.readUInt32BE(16), height: data.readUInt32BE(20) }
        : null;
    case 'gif':
      return data.length >= 10
        ? { width: data.readUInt16LE(6), height: data.readUInt16LE(8) }
        : null;
    case 'webp':
      return webpSize(data);
  }
}
