import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENCODER_PLAYLIST } from '../playout/encoder.js';
import { HLS_STALE_MS, HlsFolder } from './hls-folder.js';
import { HlsPublisher } from './hls-publisher.js';

const log = { error: () => undefined };
const playlist = (...segments: string[]) =>
  '#EXTM3U\n#EXT-X-TARGETDURATION:2\n' +
  segments
    .map((s) => `#EXTINF:2.0,\n#EXT-X-PROGRAM-DATE-TIME:2026-11-25T04:00:00.000Z\n${s}\n`)
    .join('');

let dir: string;
const file = (name: string) => path.join(dir, name);
const age = (name: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  fs.utimesSync(file(name), when, when);
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-hls-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('HlsPublisher', () => {
  it('publishes the encoder’s playlist corrected, in place of the listeners’ one', async () => {
    const publisher = new HlsPublisher(dir, (p) => p.replaceAll('04:00:00', '03:59:59'), log);
    await publisher.prepare();
    fs.writeFileSync(file('live-a-1.ts'), 'x');
    fs.writeFileSync(file(ENCODER_PLAYLIST), playlist('live-a-1.ts'));
    publisher.publish();
    const folder = new HlsFolder(dir);
    expect(await folder.playlist()).toBe(playlist('live-a-1.ts').replace('04:00:00', '03:59:59'));
    // No temporary file is left beside it.
    expect(fs.readdirSync(dir).sort()).toEqual([ENCODER_PLAYLIST, 'live-a-1.ts', 'live.m3u8']);
  });

  // Under DATA_DIR the stream stays as private as the rest; in a folder of its own (HLS_DIR) a
  // web server running as another user reads it.
  it.each([
    { open: false, folder: 0o700, files: 0o600 },
    { open: true, folder: 0o755, files: 0o644 },
  ])('publishes with folder $folder and files $files when open is $open', async (c) => {
    const umask = process.umask(0o077);
    try {
      fs.chmodSync(dir, 0o700);
      const publisher = new HlsPublisher(dir, (p) => p, log, c.open);
      await publisher.prepare();
      fs.writeFileSync(file('live-a-1.ts'), 'x');
      fs.writeFileSync(file(ENCODER_PLAYLIST), playlist('live-a-1.ts'));
      publisher.publish();
      const modeOf = (p: string) => fs.statSync(p).mode & 0o777;
      expect([modeOf(dir), modeOf(file('live.m3u8')), modeOf(file('live-a-1.ts'))]).toEqual([
        c.folder,
        c.files,
        c.files,
      ]);
    } finally {
      process.umask(umask);
    }
  });

  it('publishes as soon as the encoder renames its playlist into place', async () => {
    const publisher = new HlsPublisher(dir, (p) => p, log);
    await publisher.prepare();
    publisher.start();
    try {
      const started = Date.now();
      // As ffmpeg's temp_file flag does: written aside, then renamed.
      fs.writeFileSync(file(`${ENCODER_PLAYLIST}.tmp`), playlist('live-a-1.ts'));
      fs.renameSync(file(`${ENCODER_PLAYLIST}.tmp`), file(ENCODER_PLAYLIST));
      const folder = new HlsFolder(dir);
      while ((await folder.playlist()) === null) {
        if (Date.now() - started > 2000) throw new Error('never published');
        await new Promise((r) => setTimeout(r, 10));
      }
      // Well before the fallback poll's second.
      expect(Date.now() - started).toBeLessThan(500);
    } finally {
      publisher.stop();
    }
  });

  it('continues a live playlist another playout left, and starts afresh after a stale one', async () => {
    fs.writeFileSync(file('live.m3u8'), playlist('live-old-7.ts'));
    await new HlsPublisher(dir, (p) => p, log).prepare();
    expect(fs.readFileSync(file(ENCODER_PLAYLIST), 'utf8')).toBe(playlist('live-old-7.ts'));

    age('live.m3u8', HLS_STALE_MS + 1000);
    await new HlsPublisher(dir, (p) => p, log).prepare();
    expect(fs.existsSync(file(ENCODER_PLAYLIST))).toBe(false);
    // A stale playlist is off air to every reader.
    expect(await new HlsFolder(dir).playlist()).toBeNull();
  });

  it('sweeps segments no playlist lists once no player can want them', async () => {
    const publisher = new HlsPublisher(dir, (p) => p, log);
    await publisher.prepare();
    for (const name of ['live-a-1.ts', 'live-a-2.ts', 'live-dead-9.ts', 'live-b-1.ts']) {
      fs.writeFileSync(file(name), 'x');
    }
    fs.writeFileSync(file(ENCODER_PLAYLIST), playlist('live-a-2.ts', 'live-b-1.ts'));
    publisher.publish();
    age('live-a-1.ts', 120_000);
    age('live-a-2.ts', 120_000);
    // live-dead-9.ts was written just now: a player may still be fetching it.
    expect(await publisher.sweepSegments()).toBe(1);
    expect(
      fs
        .readdirSync(dir)
        .filter((n) => n.endsWith('.ts'))
        .sort(),
    ).toEqual(['live-a-2.ts', 'live-b-1.ts', 'live-dead-9.ts']);
  });
});

describe('HlsFolder', () => {
  it('serves segments by their names only', async () => {
    fs.writeFileSync(file('live-a-1.ts'), 'bytes');
    fs.writeFileSync(file('secret.txt'), 'no');
    const folder = new HlsFolder(dir);
    expect((await folder.segment('live-a-1.ts'))?.toString()).toBe('bytes');
    expect(await folder.segment('secret.txt')).toBeNull();
    expect(await folder.segment('live-a-2.ts')).toBeNull();
    expect(await folder.playlist()).toBeNull();
  });
});
