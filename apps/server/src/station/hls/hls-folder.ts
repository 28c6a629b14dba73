import fs from 'node:fs';
import path from 'node:path';
import { HLS_SEGMENT_PATTERN } from '../playout/encoder.js';

/** The playlist listeners get, date-times on the station's clock. */
export const HLS_PLAYLIST = 'live.m3u8';
/**
 * A playlist not rewritten for this long belongs to a playout that is gone: the encoder
 * rewrites it every segment (2 s), and a standby takes over within seconds.
 */
export const HLS_STALE_MS = 20_000;

/**
 * The shared HLS folder as every API node reads it: the playout writes it (on this machine or
 * on a shared volume), any node, web server or CDN origin serves it.
 */
export class HlsFolder {
  constructor(readonly dir: string) {}

  get playlistPath(): string {
    return path.join(this.dir, HLS_PLAYLIST);
  }

  /** How long ago the playlist was last published, in ms; null when there is none. */
  async playlistAgeMs(now = Date.now()): Promise<number | null> {
    const stat = await fs.promises.stat(this.playlistPath).catch(() => null);
    return stat ? Math.max(0, now - stat.mtimeMs) : null;
  }

  /** The current playlist; null when there is none or it has not changed for too long. */
  async playlist(now = Date.now()): Promise<string | null> {
    try {
      const handle = await fs.promises.open(this.playlistPath, 'r');
      try {
        const stat = await handle.stat();
        if (now - stat.mtimeMs > HLS_STALE_MS) return null;
        return await handle.readFile('utf8');
      } finally {
        await handle.close();
      }
    } catch {
      return null;
    }
  }

  /** A segment's bytes; null for a name that is not a segment's or a segment gone. */
  async segment(name: string): Promise<Buffer | null> {
    if (!HLS_SEGMENT_PATTERN.test(name)) return null;
    return fs.promises.readFile(path.join(this.dir, name)).catch(() => null);
  }
}
