import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SignupResponse, UploadResult } from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { locateFfmpeg } from '../src/media/ffmpeg-locate.js';
import { runProcess } from '../src/media/run-process.js';
import { tempDir } from './helpers/audio.js';
import { startServer, stopServer, type ServerProcess } from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.js';

/*
 * MEMORY CHECK, not a unit test: a ~101 MiB WAV uploaded to the real server process must keep
 * the server's resident memory within 32 MiB of where it was before, which holds only when the
 * file streams to disk instead of being held in memory. It takes some 15 to 25 s; the server,
 * its ffmpeg and this test run at nice 10, so that on a small shared machine they yield.
 *
 * "Before" is the peak of a 30 MiB upload just before. Every socket read is a fresh buffer, and
 * V8 lets some 30 MB of them pile up before a young-generation collection frees them (and the
 * allocator keeps the pages for the next ones), so any server's first upload of a few tens of
 * MiB costs about that much once; what must not happen is growth with the file's size. The
 * growth over the server before any sizeable upload is printed too, and must stay far below
 * the file's size.
 */

const MIB = 1024 * 1024;
const MAX_GROWTH_MIB = 32;
/** From a server that has not yet taken a sizeable upload: well under the file's 101 MiB. */
const MAX_COLD_GROWTH_MIB = 64;
/** Ten minutes of 44.1 kHz stereo 16-bit PCM: 105,840,000 bytes of audio. */
const SECONDS = 600;

let testDb: TestDatabase;
let folder: string;
let server: ServerProcess | null = null;
let songIds: number[] = [];

/** Every thread of `pid` (and so what they start later) at lower priority. */
function lowerPriority(pid: number): void {
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) os.setPriority(Number(tid), 10);
}

/** Resident memory of a process, in bytes. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!kib) throw new Error(`no VmRSS for ${pid}`);
  return Number(kib[1]) * 1024;
}

async function makeWav(file: string, seconds: number, freq: number): Promise<void> {
  const { ffmpeg } = locateFfmpeg(process.env.FFMPEG_PATH);
  const sine = `sine=frequency=${freq}:sample_rate=44100:duration=${seconds}`;
  const args = ['-n', '10', ffmpeg, '-hide_banner', '-y', '-f', 'lavfi', '-i', sine];
  const result = await runProcess('nice', [...args, '-ac', '2', '-c:a', 'pcm_s16le', file]);
  if (result.code !== 0) throw new Error(`ffmpeg could not write ${file}: ${result.stderr}`);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  folder = tempDir('queuecast-upload-memory-');
  await makeWav(path.join(folder, 'warm-up.wav'), 2, 550);
  // 30 MiB: enough for the young generation to have grown to its size before "before" (with a
  // 10 MiB one, a loaded machine sometimes showed that growth in the big upload's figure).
  await makeWav(path.join(folder, 'thirty-mib.wav'), 180, 660);
  await makeWav(path.join(folder, 'big.wav'), SECONDS, 440);
  const database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  try {
    await migrateToLatest(database.db);
    songIds = [];
    for (const title of ['Warm-up', 'Ten MiB', 'Big upload']) {
      const row = await database.db
        .insertInto('songs')
        .values({ title, created_at: Math.floor(Date.now() / 1000) })
        .returning('id')
        .executeTakeFirstOrThrow();
      songIds.push(row.id);
    }
  } finally {
    await database.close();
  }
}, 60_000);

afterAll(async () => {
  if (server) await stopServer(server);
  fs.rmSync(folder, { recursive: true, force: true });
  await testDb.drop();
});

async function upload(port: number, token: string, songId: number, file: string) {
  const form = new FormData();
  form.append('songid', String(songId));
  form.append('file', await fs.openAsBlob(file, { type: 'audio/wav' }), path.basename(file));
  return fetch(`http://127.0.0.1:${port}/api/song/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

describe('MEMORY CHECK: a large upload through the real server process', () => {
  it(`a ~101 MiB upload grows the server's RSS by less than ${MAX_GROWTH_MIB} MiB`, async () => {
    server = await startServer({
      db: testDb,
      name: 'upload-memory',
      env: { STATION: '0', LIVE_FANOUT_PROCESSES: '0', UPLOAD_MAX_MB: '200' },
    });
    const pid = server.child.pid!;
    const port = server.port;
    lowerPriority(pid);
    lowerPriority(process.pid);
    const signup = await fetch(`http://127.0.0.1:${server.port}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'uploader', password: 'password1' }),
    });
    const { token } = (await signup.json()) as SignupResponse;

    const settle = () => new Promise((r) => setTimeout(r, 500));
    // A small upload first, so that the code any upload loads is in both baselines.
    const warm = await upload(server.port, token, songIds[0]!, path.join(folder, 'warm-up.wav'));
    expect(warm.status, await warm.clone().text()).toBe(200);
    await settle();
    const cold = rssOf(pid);

    /** Uploads `file` while sampling the server's RSS every 25 ms; answers the peak. */
    const uploadWatched = async (songId: number, file: string) => {
      let peak = rssOf(pid);
      let count = 0;
      const sampler = setInterval(() => {
        try {
          peak = Math.max(peak, rssOf(pid));
          count++;
        } catch {
          // The server is gone: the upload fails and says why.
        }
      }, 25);
      try {
        const res = await upload(port, token, songId, file);
        const body = (await res.json()) as UploadResult;
        expect(res.status, JSON.stringify(body)).toBe(200);
        return { peak, count, body };
      } finally {
        clearInterval(sampler);
      }
    };
    // The 30 MiB upload's own peak is the baseline: what any sizeable upload costs (the young
    // generation filling with socket buffers). The big one must not climb far above it.
    const thirty = await uploadWatched(songIds[1]!, path.join(folder, 'thirty-mib.wav'));
    await settle();

    const big = path.join(folder, 'big.wav');
    const size = fs.statSync(big).size;
    const baseline = Math.max(thirty.peak, rssOf(pid));
    const started = Date.now();
    const { peak, count: samples, body } = await uploadWatched(songIds[2]!, big);
    expect(body.duration).toBeCloseTo(SECONDS, 0);
    const seconds = (Date.now() - started) / 1000;
    const growth = (peak - baseline) / MIB;
    const coldGrowth = (peak - cold) / MIB;
    const mib = (bytes: number) => (bytes / MIB).toFixed(1);
    console.log(
      `upload of ${mib(size)} MiB in ${seconds.toFixed(1)} s (received, analysed, stored), ` +
        `${samples} samples of the server's RSS: ${mib(cold)} MiB before any sizeable upload, ` +
        `${mib(baseline)} MiB at the peak of a 30 MiB one, peak ${mib(peak)} MiB; growth ` +
        `${growth.toFixed(1)} MiB (limit ${MAX_GROWTH_MIB}), ${coldGrowth.toFixed(1)} MiB over ` +
        `the first figure (limit ${MAX_COLD_GROWTH_MIB})`,
    );
    expect(samples).toBeGreaterThan(10);
    expect(growth).toBeLessThan(MAX_GROWTH_MIB);
    expect(coldGrowth).toBeLessThan(MAX_COLD_GROWTH_MIB);
  }, 90_000);
});
