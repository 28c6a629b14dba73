import fs from 'node:fs';
import path from 'node:path';
import { API } from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL } from '../src/lib/disk-space.js';
import { DATABASE_UNREACHABLE } from '../src/db/unreachable.js';
import { makeTone } from './helpers/audio.js';
import { createSong, uniqueName } from './helpers/factories.js';
import { multipartBody } from './helpers/multipart.js';
import { withAppOn } from './helpers/seed-app.js';
import { startServer, stopServer, type ServerProcess } from './helpers/server-process.js';
import { runCli } from './helpers/cli-process.js';
import { smallDisk } from './helpers/small-disk.js';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from './helpers/test-db.js';

/*
 * The station's DATA_DIR on a small file system of its own (a 64 MiB tmpfs) that fills up: an
 * upload (or an import) is refused with 507 and the words for it, before its bytes are kept; a database write
 * (SQLite's database lives there) succeeds or answers 503, never a 500; the process carries on, and once space is freed
 * everything works again. Mounting needs root: without it the test is skipped.
 */

const ADMIN = { username: 'diskadmin', password: 'disk-admin-password' };
const disk = smallDisk(64);
const { dir: mount, mounted } = disk;
if (!mounted) console.warn('full-disk.test.ts mounts a tmpfs, which needs root: skipped');

let server: ServerProcess;
let testDb: TestDatabase;
let made: TestDatabase | undefined;
let songIds: number[];
let tone: Buffer;

beforeAll(async () => {
  if (!mounted) return;
  made = await createTestDatabase();
  testDb = { ...made, dataDir: mount };
  songIds = await withAppOn(testDb, {}, async (app) => {
    const file = path.join(made!.dataDir, 'tone.flac');
    await makeTone(app.ctx.media.tools.ffmpeg, file, { seconds: 3 });
    tone = fs.readFileSync(file);
    return [await createSong(app), await createSong(app)];
  });
  server = await startServer({
    db: testDb,
    name: 'small disk',
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, STATION: '0' },
  });
}, 60_000);

afterAll(async () => {
  if (server) await stopServer(server);
  disk.remove();
  await made?.drop();
});

const base = () => `http://127.0.0.1:${server.port}`;

async function token(): Promise<string> {
  const res = await fetch(`${base()}${API.login.path()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await res.json()) as { token: string }).token;
}

async function upload(auth: string, songId: number) {
  const body = multipartBody([
    { name: 'songid', value: String(songId) },
    { name: 'file', filename: 'tone.flac', content: tone },
  ]);
  const res = await fetch(`${base()}${API.upload.path()}`, {
    method: 'POST',
    headers: { ...body.headers, authorization: `Bearer ${auth}` },
    body: body.payload,
  });
  return { status: res.status, body: (await res.json()) as { error?: string } };
}

const signup = () =>
  fetch(`${base()}${API.signup.path()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: uniqueName('disk'), password: 'password1' }),
  });

const fill = (leave: number) => disk.fill(leave);

describe.skipIf(!mounted)('a full disk', () => {
  it('refuses uploads with 507, fails no database write with a 500, and recovers', async () => {
    const auth = await token();
    // Less than the margin a file needs: refused before its bytes are kept.
    fill(8 * 1024 * 1024);
    const refused = await upload(auth, songIds[0]!);
    expect(refused).toEqual({ status: 507, body: { error: DISK_FULL } });
    expect(
      fs.readdirSync(path.join(mount, 'upload-tmp')).filter((n) => n.endsWith('.part')),
    ).toEqual([]);
    // An import the same: refused, with the same words, nothing added.
    const folder = path.join(made!.dataDir, 'to-import');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'tone.flac'), tone);
    const imported = await runCli(['import', folder], {
      DATA_DIR: mount,
      DATABASE_URL: testDb.databaseUrl ?? '',
    });
    expect(imported.code).toBe(2);
    expect(imported.stderr.trim()).toBe(DISK_FULL);

    // No room at all: writes to the database go on while it has room of its own (SQLite
    // reuses its write-ahead log's pages), and fail cleanly when it has none; never a 500.
    fill(0);
    const statuses = new Map<number, number>();
    const errors = new Set<string>();
    for (let batch = 0; batch < 5; batch++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => signup()));
      for (const answer of answers) {
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const body = (await answer.json()) as { error?: string };
        if (answer.status !== 200) errors.add(body.error ?? '');
      }
    }
    expect(
      [...statuses.keys()].filter((s) => s !== 200 && s !== 503),
      server.log(),
    ).toEqual([]);
    expect([...errors].filter((e) => e !== DATABASE_UNREACHABLE)).toEqual([]);
    if (TEST_ENGINE === 'postgres') expect([...statuses.keys()]).toEqual([200]);
    // An upload still finds no room.
    expect((await upload(auth, songIds[0]!)).status).toBe(507);
    expect((await fetch(`${base()}/healthz`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();

    // Space again: everything works, nothing to restart.
    disk.empty();
    expect((await signup()).status).toBe(200);
    const stored = await upload(auth, songIds[1]!);
    expect(stored.status).toBe(200);
  }, 60_000);
});
