import fs from 'node:fs';
import path from 'node:path';
import type { SignupResponse } from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { locateFfmpeg } from '../src/media/ffmpeg-locate.js';
import { runProcess } from '../src/media/run-process.js';
import { makeTone, tempDir } from './helpers/audio.js';
import { makeToneWithPicture } from './helpers/cover-art.js';
import { flacOfSilence, withHugeId3Tag } from './helpers/hostile-media.js';
import { startServer, stopServer, type ServerProcess } from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.js';

/*
 * MEMORY CHECK of the real server process and the ffmpeg processes it starts, while hostile
 * files arrive all at once: two MP3s carrying 180 MB tags, two with 64-megapixel covers and two
 * decode bombs (192 kHz, 8 channels, their length hidden). Before the media intake, four such
 * tags took the server tree up by 1.2 GB and six covers by 640 MB. The bounds stated here: the
 * server process grows by less than 64 MiB, the whole tree by less than 160 MiB.
 */

const MIB = 1024 * 1024;
const MAX_SERVER_GROWTH_MIB = 64;
const MAX_TREE_GROWTH_MIB = 160;
const TAG_BYTES = 180 * 1000 * 1000;

let testDb: TestDatabase;
let folder: string;
let server: ServerProcess | null = null;
let songIds: number[] = [];

/** Resident memory of a process, in bytes (0 once it is gone). */
function rssOf(pid: number): number {
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kib ? Number(kib[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** A process and everything it started, still running. */
function tree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // gone
  }
  return [pid, ...children.flatMap(tree)];
}

const treeRss = (pid: number) => tree(pid).reduce((sum, p) => sum + rssOf(p), 0);

beforeAll(async () => {
  testDb = await createTestDatabase();
  folder = tempDir('queuecast-hostile-memory-');
  const { ffmpeg } = locateFfmpeg(process.env.FFMPEG_PATH);
  for (const [i, freq] of [440, 550].entries()) {
    const bare = await makeTone(ffmpeg, path.join(folder, `bare-${i}.mp3`), { freq, seconds: 3 });
    await withHugeId3Tag(path.join(folder, `tagged-${i}.mp3`), fs.readFileSync(bare), TAG_BYTES);
  }
  const png = path.join(folder, 'huge.png');
  const made = await runProcess(ffmpeg, [
    ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=green:s=8000x8000'],
    ...['-frames:v', '1', '-c:v', 'png', '-compression_level', '1', png],
  ]);
  if (made.code !== 0) throw new Error(made.stderr);
  for (const [i, freq] of [660, 770].entries()) {
    await makeToneWithPicture(ffmpeg, path.join(folder, `cover-${i}.mp3`), {
      title: `Cover ${i}`,
      picture: fs.readFileSync(png),
      mime: 'image/png',
      freq,
    });
  }
  for (const [i, channels] of [8, 7].entries()) {
    const bomb = flacOfSilence({
      seconds: 3600,
      sampleRate: 192_000,
      channels,
      declareLength: false,
    });
    fs.writeFileSync(path.join(folder, `bomb-${i}.flac`), bomb);
  }
  await makeTone(ffmpeg, path.join(folder, 'warm.mp3'), { freq: 880, seconds: 2 });
  const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  try {
    await migrateToLatest(database.db);
    songIds = [];
    for (let i = 0; i < 7; i++) {
      const row = await database.db
        .insertInto('songs')
        .values({ title: `Target ${i}`, created_at: Math.floor(Date.now() / 1000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      songIds.push(row.id);
    }
  } finally {
    await database.close();
  }
}, 120_000);

afterAll(async () => {
  if (server) await stopServer(server);
  fs.rmSync(folder, { recursive: true, force: true });
  await testDb.drop();
});

async function upload(port: number, token: string, songId: number, file: string) {
  const form = new FormData();
  form.append('songid', String(songId));
  form.append('file', await fs.openAsBlob(file), path.basename(file));
  const res = await fetch(`http://127.0.0.1:${port}/api/song/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { error?: string } };
}

describe('MEMORY CHECK: hostile files at once through the real server process', () => {
  it(`tags, covers and bombs: server +${MAX_SERVER_GROWTH_MIB} MiB, tree +${MAX_TREE_GROWTH_MIB} MiB at most`, async () => {
    server = await startServer({
      db: testDb,
      name: 'hostile-memory',
      env: {
        STATION: '0',
        LIVE_FANOUT_PROCESSES: '0',
        UPLOAD_MAX_MB: '200',
        MEDIA_MAX_MINUTES: '5',
        ANALYSIS_CONCURRENCY: '1',
      },
    });
    const pid = server.child.pid!;
    const { port } = server;
    const signup = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'hostile', password: 'password1' }),
    });
    const { token } = (await signup.json()) as SignupResponse;
    const warm = await upload(port, token, songIds[0]!, path.join(folder, 'warm.mp3'));
    expect(warm.status, JSON.stringify(warm.body)).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    const server0 = rssOf(pid);
    const tree0 = treeRss(pid);

    let serverPeak = server0;
    let treePeak = tree0;
    let peakParts = '';
    const sampler = setInterval(() => {
      serverPeak = Math.max(serverPeak, rssOf(pid));
      const now = treeRss(pid);
      if (now > treePeak) {
        treePeak = now;
        peakParts = tree(pid)
          .map((p) => {
            let comm = '?';
            try {
              comm = fs.readFileSync(`/proc/${p}/comm`, 'utf8').trim();
            } catch {
              // gone
            }
            return `${comm} ${(rssOf(p) / MIB).toFixed(0)}`;
          })
          .join(', ');
      }
    }, 25);
    const files = ['tagged-0', 'tagged-1', 'cover-0', 'cover-1'].map((n) => `${n}.mp3`);
    files.push('bomb-0.flac', 'bomb-1.flac');
    const started = Date.now();
    let results;
    try {
      results = await Promise.all(
        files.map((name, i) => upload(port, token, songIds[i + 1]!, path.join(folder, name))),
      );
    } finally {
      clearInterval(sampler);
    }
    const seconds = (Date.now() - started) / 1000;
    const statuses = results.map((r) => r.status);
    expect(statuses, JSON.stringify(results)).toEqual([200, 200, 200, 200, 400, 400]);
    expect(results[4]!.body.error).toBe('The song is longer than 5 minutes.');
    const mib = (bytes: number) => (bytes / MIB).toFixed(1);
    console.log(
      `six hostile uploads (2 × ${TAG_BYTES / 1e6} MB tags, 2 × 64 MP covers, 2 decode bombs) ` +
        `in ${seconds.toFixed(1)} s: server RSS ${mib(server0)} → peak ${mib(serverPeak)} MiB ` +
        `(+${mib(serverPeak - server0)}, limit ${MAX_SERVER_GROWTH_MIB}); tree ${mib(tree0)} → ` +
        `peak ${mib(treePeak)} MiB (+${mib(treePeak - tree0)}, limit ${MAX_TREE_GROWTH_MIB}): ` +
        peakParts,
    );
    expect((serverPeak - server0) / MIB).toBeLessThan(MAX_SERVER_GROWTH_MIB);
    expect((treePeak - tree0) / MIB).toBeLessThan(MAX_TREE_GROWTH_MIB);
  }, 180_000);
});
