import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { quickUser } from './helpers/factories.js';
import { playoutOf, waitFor } from './helpers/playout-probes.js';
import { queueTones } from './helpers/queued-tones.js';
import { withAppOn } from './helpers/seed-app.js';
import { startServer, stopServer, type ServerProcess } from './helpers/server-process.js';
import { smallDisk } from './helpers/small-disk.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.js';

/*
 * A station on air whose disk (DATA_DIR and its HLS folder, a 64 MiB tmpfs) fills up: it plays
 * on (the MP3 never pauses), and makes room by itself before anything is refused: HLS segments
 * no playlist lists go at once instead of after their minute of grace, then the oldest show
 * recordings. Once there is room the HLS playlist gains segments again. Needs root (mount).
 */

const disk = smallDisk(64);
if (!disk.mounted)
  console.warn('full-disk-station.test.ts mounts a tmpfs, which needs root: skipped');

let made: TestDatabase | undefined;
let db: TestDatabase;
let server: ServerProcess;
const recordings = path.join(disk.dir, 'recordings');
const oldRecording = path.join(recordings, 'show-old.mp3');
const oldSegment = path.join(disk.dir, 'hls', 'live-gone-1.ts');

beforeAll(async () => {
  if (!disk.mounted) return;
  made = await createTestDatabase();
  db = { ...made, dataDir: disk.dir };
  await withAppOn(db, {}, async (app) => {
    await queueTones(app, [{ title: 'Full Disk Tone', artist: 'Disk', seconds: 240 }]);
    // A show recorded a week ago, 8 MiB of it.
    const dj = await quickUser(app, 'admin');
    const weekAgo = Math.floor(Date.now() / 1000) - 7 * 86_400;
    await app.ctx.db
      .insertInto('live_sessions')
      .values({
        dj_id: dj.id,
        show_name: 'Last Week',
        started_at: weekAgo,
        ended_at: weekAgo + 3600,
        seen_at: weekAgo + 3600,
        recording: 'show-old.mp3',
        recording_seconds: 3600,
        recording_bytes: 8 * 1048576,
      })
      .execute();
  });
  fs.mkdirSync(recordings, { recursive: true });
  fs.writeFileSync(oldRecording, Buffer.alloc(8 * 1048576, 1));
  server = await startServer({ db, name: 'full disk station' });
  await waitFor('on air', async () => (await playoutOf(server)) === 'on-air', 15_000);
}, 90_000);

afterAll(async () => {
  if (server) await stopServer(server);
  disk.remove();
  await made?.drop();
});

const base = () => `http://127.0.0.1:${server.port}`;
const segments = async () =>
  (await (await fetch(`${base()}/stream/live.m3u8`)).text())
    .split('\n')
    .filter((l) => l.endsWith('.ts'));

describe.skipIf(!disk.mounted)('a full disk under a playing station', () => {
  it('plays on, and makes room from old segments and recordings before refusing anything', async () => {
    const arrivals: number[] = [];
    const req = http.get(`${base()}/stream/live.mp3`, (res) =>
      res.on('data', () => arrivals.push(performance.now())),
    );
    try {
      await waitFor('MP3 bytes', () => Promise.resolve(arrivals.length > 0), 10_000);
      // A segment a run long gone left behind, written just now (a minute's grace when room).
      fs.writeFileSync(oldSegment, Buffer.alloc(4 * 1048576, 2));
      const from = performance.now();
      disk.fill(4 * 1048576);

      await waitFor('the unlisted segment deleted', async () => !fs.existsSync(oldSegment), 20_000);
      await waitFor('the old recording deleted', async () => !fs.existsSync(oldRecording), 20_000);
      // The file goes first, then its show forgets it: the row follows a moment later.
      const handle = openDatabase({ databaseUrl: db.databaseUrl, dataDir: disk.dir });
      try {
        const session = () =>
          handle.db
            .selectFrom('live_sessions')
            .select(['recording', 'recording_bytes'])
            .executeTakeFirstOrThrow();
        await waitFor(
          'the show forgets its recording',
          async () => (await session()).recording === null,
          10_000,
        );
        expect(await session()).toEqual({ recording: null, recording_bytes: null });
      } finally {
        await handle.close();
      }

      // On air throughout: the MP3 never stalled. Its bytes leave once a second, on the clock's
      // half-second tick, so a gap is a second plus however late a tick runs on a machine busy
      // with the suite; a server stuck on the full disk would leave several.
      const times = [from, ...arrivals.filter((t) => t > from), performance.now()];
      const longest = Math.max(...times.slice(1).map((t, i) => t - times[i]!));
      expect(longest).toBeLessThan(2500);
      expect(await playoutOf(server)).toBe('on-air');

      // The listeners' playlist moves on.
      const seen = new Set(await segments());
      await waitFor(
        'new HLS segments',
        async () => (await segments()).some((s) => !seen.has(s)),
        15_000,
      );
      expect(server.child.exitCode).toBeNull();
    } finally {
      req.destroy();
      disk.empty();
    }
  }, 90_000);
});
