/*
 * The comments (titles) of an Ogg stream, read from its pages as they pass on to ffmpeg. A
 * source client sending Ogg Vorbis or Opus announces each new title by starting a new logical
 * stream, whose second packet holds the comments. ffmpeg 5.1 prints the first stream's
 * comments and none of the later ones, so they are read here, from the bytes themselves.
 */

/** A page's largest size: 27 header bytes, 255 lacing values, 255 × 255 bytes of data. */
const PAGE_MAX = 27 + 255 + 255 * 255;
/** A comment packet larger than this is not read (a picture in the comments, or an attack). */
const PACKET_MAX = 64 * 1024;
const CAPTURE = Buffer.from('OggS', 'latin1');

interface Stream {
  /** Packets completed so far; the comments are packet 1. */
  packets: number;
  partial: Buffer[];
  partialBytes: number;
}

/** The title a comment list gives: "Artist - Title", the title alone, or null. */
export function titleOf(comments: ReadonlyMap<string, string>): string | null {
  const title = comments.get('TITLE')?.trim();
  const artist = comments.get('ARTIST')?.trim();
  if (title && artist) return `${artist} - ${title}`;
  return title || artist || null;
}

/** A Vorbis comment list (Vorbis `\x03vorbis`, Opus `OpusTags`), or null for other packets. */
export function parseCommentPacket(packet: Buffer): Map<string, string> | null {
  let at: number;
  if (packet.length >= 7 && packet[0] === 3 && packet.toString('latin1', 1, 7) === 'vorbis') at = 7;
  else if (packet.length >= 8 && packet.toString('latin1', 0, 8) === 'OpusTags') at = 8;
  else return null;
  const comments = new Map<string, string>();
  const u32 = () => {
    if (at + 4 > packet.length) throw new RangeError('truncated');
    const value = packet.readUInt32LE(at);
    at += 4;
    return value;
  };
  try {
    const vendor = u32(); // (read first: `at += u32()` would add to the old offset)
    at += vendor;
    const count = u32();
    for (let i = 0; i < count && i < 1000; i++) {
      const length = u32();
      if (at + length > packet.length) break;
      const entry = packet.toString('utf8', at, at + length);
      at += length;
      const eq = entry.indexOf('=');
      if (eq > 0) {
        const key = entry.slice(0, eq).toUpperCase();
        if (!comments.has(key)) comments.set(key, entry.slice(eq + 1));
      }
    }
  } catch {
    // A truncated list gives what it held.
  }
  return comments;
}

/**
 * Feeds on the source's bytes (`push`) and calls `onTitle` for each logical stream whose
 * comments name a title. Bytes that are not Ogg pages are skipped up to the next capture
 * pattern; at most one page is held at a time.
 */
export class OggComments {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly streams = new Map<number, Stream>();

  constructor(private readonly onTitle: (title: string) => void) {}

  push(bytes: Buffer): void {
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    for (;;) {
      const start = this.buffer.indexOf(CAPTURE);
      if (start < 0) {
        // Keep the last bytes: a capture pattern may be split across two pushes.
        this.buffer = this.buffer.subarray(Math.max(0, this.buffer.length - 3));
        return;
      }
      if (start > 0) this.buffer = this.buffer.subarray(start);
      if (this.buffer.length < 27) return;
      const segments = this.buffer[26]!;
      if (this.buffer.length < 27 + segments) return;
      let size = 27 + segments;
      for (let i = 0; i < segments; i++) size += this.buffer[27 + i]!;
      if (this.buffer[4] !== 0 || size > PAGE_MAX) {
        this.buffer = this.buffer.subarray(4); // not a page after all: look further
        continue;
      }
      if (this.buffer.length < size) return;
      this.page(this.buffer.subarray(0, size));
      this.buffer = this.buffer.subarray(size);
    }
  }

  private page(page: Buffer): void {
    const flags = page[5]!;
    const serial = page.readUInt32LE(14);
    if (flags & 0x02) this.streams.set(serial, { packets: 0, partial: [], partialBytes: 0 });
    const stream = this.streams.get(serial);
    if (flags & 0x04) this.streams.delete(serial);
    // Only the first two packets of a stream matter; past them, pages are skipped whole.
    if (!stream || stream.packets >= 2) return;
    const segments = page[26]!;
    let at = 27 + segments;
    for (let i = 0; i < segments && stream.packets < 2; i++) {
      const lace = page[27 + i]!;
      if (stream.partialBytes + lace <= PACKET_MAX) {
        stream.partial.push(page.subarray(at, at + lace));
      }
      stream.partialBytes += lace;
      at += lace;
      if (lace < 255) this.packet(stream);
    }
    if (this.streams.size > 64) this.streams.clear(); // streams that never ended
  }

  private packet(stream: Stream): void {
    const whole = stream.partialBytes <= PACKET_MAX;
    const packet = Buffer.concat(stream.partial);
    stream.partial = [];
    stream.partialBytes = 0;
    stream.packets++;
    if (stream.packets !== 2 || !whole) return;
    const comments = parseCommentPacket(packet);
    const title = comments && titleOf(comments);
    if (title) this.onTitle(title);
  }
}
