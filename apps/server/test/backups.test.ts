import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { hashFile } from '../src/modules/backups/object-store.js';
import { makeTone, tempDir } from './helpers/audio.js';
import { runCli, startCli } from './helpers/cli-process.js';
import { bearer, createSong, createUser } from './helpers/factories.js';
import { multipartBody } from './helpers/multipart.js';
import { firstMp3Bytes, playoutOf, waitFor } from './helpers/playout-probes.js';
import { queueTones } from './helpers/queued-tones.js';
import { withAppOn } from './helpers/seed-app.js';
import { startServer, stopServer, type ServerProcess } from './helpers/server-process.js';
import { tableRows } from './helpers/table-rows.js';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from './helpers/test-db.js';

/*
 * `npm run backup` and `npm run restore` as an operator runs them, on the engine of the suite's
 * pass: a station with users, votes, favourites, comments, messages, chat, history, an upload
 * and tweaks is backed up while it plays, restored into a new DATA_DIR (and database), and the
 * two compared table by table and file by file; the restored station plays. Then the second
 * backup that adds only what is new, a backup killed (-9) halfway, and the refusals: a tampered
 * or truncated backup, a target that is not empty, the running station's own data.
 */

const JWT_SECRET = 'backup-test-secret-long-enough-for-hs256-0123456789abc';
const databases: TestDatabase[] = [];
let source: TestDatabase;
let station: ServerProcess;
let backups: string;

const envOf = (db: TestDatabase, extra: Record<string, string> = {}) => ({
  DATA_DIR: db.dataDir,
  DATABASE_URL: db.databaseUrl ?? '',
  ...extra,
});

async function newTarget(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  databases.push(db);
  return db;
}

/** Every row of every table of `db`'s database. */
async function tablesOf(db: TestDatabase): Promise<Record<string, string[]>> {
  const handle = openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
  try {
    return await tableRows(handle.db);
  } finally {
    await handle.close();
  }
}

/** Every file under `dir` but the live database's own, by path, with its hash. */
async function filesOf(dir: string, skip: string[]): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const walk = async (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (skip.includes(child)) continue;
      if (entry.isDirectory()) await walk(child);
      else found[child] = await hashFile(path.join(dir, child));
    }
  };
  await walk('');
  return found;
}

const objectCount = (dir: string) =>
  fs.existsSync(path.join(dir, 'objects'))
    ? fs
        .readdirSync(path.join(dir, 'objects'))
        .filter((p) => /^[0-9a-f]{2}$/.test(p))
        .reduce((n, p) => n + fs.readdirSync(path.join(dir, 'objects', p)).length, 0)
    : 0;

beforeAll(async () => {
  source = await createTestDatabase();
  databases.push(source);
  backups = tempDir('queuecast-backups-');
  await withAppOn(source, { JWT_SECRET }, async (app) => {
    const [long, short] = await queueTones(app, [
      { title: 'Backup Tone A', artist: 'Backup', seconds: 300 },
      { title: 'Backup Tone B', artist: 'Backup', seconds: 5 },
    ]);
    const alice = await createUser(app);
    const helper = await createUser(app, { role: 'helper' });
    const as = (user: { token: string }, method: 'POST', url: string, payload: object) =>
      app.inject({ method, url, payload, headers: bearer(user.token) }).then((res) => {
        if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      });
    await as(alice, 'POST', `/api/song/${long}/vote`, { vote: 4 });
    await as(alice, 'POST', '/api/user/favorites', { song_id: short });
    await as(alice, 'POST', `/api/song/${short}/comment`, { comment: 'Kept in the backup' });
    await as(alice, 'POST', '/api/messages', { to_uid: helper.user.id, message: 'Private, kept' });
    await as(alice, 'POST', '/api/oneliner', { message: 'Hello, backup' });
    await as(helper, 'POST', `/api/song/${short}/tweak`, {
      h_length: 4,
      h_skip: 1,
      h_fadeout: 1,
    });
    // An upload: a song without a file, and its file sent as the form does.
    const uploaded = await createSong(app, { title: 'Backup Upload' });
    const folder = tempDir('queuecast-upload-');
    const tone = fs.readFileSync(
      await makeTone(app.ctx.media.tools.ffmpeg, path.join(folder, 'u.flac'), { seconds: 2 }),
    );
    const { payload, headers } = multipartBody([
      { name: 'songid', value: String(uploaded) },
      { name: 'file', filename: 'upload.flac', content: tone },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/song/upload',
      payload,
      headers: { ...headers, ...bearer(helper.token) },
    });
    if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
    await waitFor(
      'the upload stored',
      () =>
        app.ctx.db
          .selectFrom('files')
          .select('id')
          .where('song_id', '=', uploaded)
          .executeTakeFirst(),
      30_000,
    );
    fs.rmSync(folder, { recursive: true, force: true });
  });
  station = await startServer({ db: source, name: 'source', env: { JWT_SECRET } });
  await waitFor('on air', async () => (await playoutOf(station)) === 'on-air', 15_000);
  await waitFor(
    'the play in the history',
    async () => {
      const tables = await tablesOf(source);
      return tables.play_history!.length > 0;
    },
    10_000,
  );
}, 120_000);

afterAll(async () => {
  if (station) await stopServer(station);
  for (const db of databases) await db.drop();
  fs.rmSync(backups, { recursive: true, force: true });
});

describe(`backup and restore (${TEST_ENGINE})`, () => {
  it('round trip: every table and file restored as it was; the restored station plays', async () => {
    const file = path.join(backups, 'first.qcbackup');
    // The station plays on meanwhile: read before and after the backup, a table it wrote in
    // between (its hourly rollups at the top of an hour, say) is restored as either.
    const justBefore = await tablesOf(source);
    const made = await runCli(['backup', '--out', file], envOf(source, { BACKUP_DIR: backups }));
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/^Backup written to .*first\.qcbackup: the database and \d+ files/);
    console.log(`first backup (${TEST_ENGINE}): ${made.stdout.trim()}`);
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { files: { path: string }[] };
    const kept = manifest.files.map((f) => f.path.split('/')[0]);
    expect(kept).toContain('media');

    // What the station changes as it plays on: the lease (renewed each second), and the
    // record of this backup, written after it.
    const before = await tablesOf(source);
    const target = await newTarget();
    const restored = await runCli(['restore', file], envOf(target));
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(
      /^Restored the backup of .* \(schema \d{4}-[a-z-]+\): the database and \d+ files/,
    );

    const after = await tablesOf(target);
    for (const table of ['playout_lease', 'backup_runs']) {
      delete before[table];
      delete after[table];
    }
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) {
      if (JSON.stringify(after[table]) === JSON.stringify(justBefore[table])) continue;
      expect(after[table], table).toEqual(before[table]);
    }
    for (const table of [
      'users',
      'votes',
      'favorites',
      'comments',
      'private_messages',
      'oneliner_messages',
      'play_history',
      'files',
    ]) {
      expect(after[table]!.length, table).toBeGreaterThan(0);
    }
    expect(after.songs!.some((row) => row.includes('"h_length":4'))).toBe(true);

    const notKept = [
      'queuecast.db',
      'queuecast.db-wal',
      'queuecast.db-shm',
      'hls',
      'previews',
      'upload-tmp',
      'backups',
      'no-web',
    ];
    expect(await filesOf(target.dataDir, notKept)).toEqual(await filesOf(source.dataDir, notKept));

    const restoredStation = await startServer({
      db: target,
      name: 'restored',
      env: { JWT_SECRET },
    });
    try {
      await waitFor(
        'the restored station on air',
        async () => (await playoutOf(restoredStation)) === 'on-air',
        15_000,
      );
      expect(await firstMp3Bytes(restoredStation)).toBe(true);
    } finally {
      await stopServer(restoredStation);
    }
  }, 120_000);

  it('a second backup to the same folder adds only what is new', async () => {
    const objects = objectCount(backups);
    fs.writeFileSync(
      path.join(source.dataDir, 'media', 'new-since-first.bin'),
      'a file new since the first backup',
    );
    const second = await runCli(
      ['backup', '--out', path.join(backups, 'second.qcbackup')],
      envOf(source),
    );
    expect(second.code, second.stderr).toBe(0);
    console.log(`second backup (${TEST_ENGINE}): ${second.stdout.trim()}`);
    // The database's new snapshot and the new file; every other file was there already.
    expect(objectCount(backups)).toBe(objects + 2);
    const added = Number(/\(([\d.]+) MiB new/.exec(second.stdout)?.[1]);
    const total = Number(/files, ([\d.]+) MiB/.exec(second.stdout)?.[1]);
    expect(added).toBeLessThan(total);
  }, 60_000);

  it('kill -9 mid-backup leaves the earlier backups whole and no file by the new one’s name', async () => {
    // A large file keeps the backup busy long enough to be killed in the middle of it.
    const big = path.join(source.dataDir, 'media', 'zz-large.bin');
    fs.writeFileSync(big, Buffer.alloc(256 * 1024 * 1024, 7));
    const name = path.join(backups, 'killed.qcbackup');
    const run = startCli(['backup', '--out', name], envOf(source));
    await waitFor(
      'an object being written',
      async () =>
        fs
          .readdirSync(path.join(backups, 'objects'))
          .some((n) => n.startsWith('.tmp-') && !n.endsWith('database')),
      30_000,
    );
    run.child.kill('SIGKILL');
    expect((await run.done).signal).toBe('SIGKILL');
    expect(fs.existsSync(name)).toBe(false);

    // The first backup restores, whole, after it.
    const target = await newTarget();
    const restored = await runCli(['restore', path.join(backups, 'first.qcbackup')], envOf(target));
    expect(restored.code, restored.stderr).toBe(0);
    // The next backup takes the folder over (its lock, the half-written object) and completes.
    const again = await runCli(['backup', '--out', name], envOf(source));
    expect(again.code, again.stderr).toBe(0);
    expect(
      fs.readdirSync(path.join(backups, 'objects')).filter((n) => n.startsWith('.tmp-')),
    ).toEqual([]);
    fs.rmSync(big);
  }, 120_000);

  it('refuses a tampered or truncated backup before writing anything', async () => {
    const first = path.join(backups, 'first.qcbackup');
    const target = await newTarget();
    const edited = path.join(backups, 'edited.json');
    fs.writeFileSync(edited, fs.readFileSync(first, 'utf8').replace('"schema":"', '"schema":"9'));
    const tampered = await runCli(['restore', edited], envOf(target));
    expect(tampered.code).toBe(2);
    expect(tampered.stderr).toContain(
      'does not match its checksum: it was changed after it was made',
    );

    const cut = path.join(backups, 'cut.json');
    fs.writeFileSync(cut, fs.readFileSync(first, 'utf8').slice(0, 200));
    const truncated = await runCli(['restore', cut], envOf(target));
    expect(truncated.code).toBe(2);
    expect(truncated.stderr).toContain('is not a Queuecast backup, or it was cut short');

    // An object of the backup damaged: found by its hash; nothing restored.
    const manifest = JSON.parse(fs.readFileSync(first, 'utf8')) as {
      files: { path: string; sha256: string }[];
    };
    const media = manifest.files.find((f) => f.path.startsWith('media/'))!;
    const object = path.join(backups, 'objects', media.sha256.slice(0, 2), media.sha256);
    const bytes = fs.readFileSync(object);
    fs.writeFileSync(object, bytes.subarray(0, bytes.length - 1));
    try {
      const damaged = await runCli(['restore', first], envOf(target));
      expect(damaged.code).toBe(2);
      expect(damaged.stderr).toContain(
        `The backup is damaged: ${media.path} does not match its checksum. Nothing was restored.`,
      );
      expect(fs.readdirSync(target.dataDir)).toEqual([]);
      const tables = await tablesOf(target);
      expect(Object.keys(tables)).toEqual([]);
    } finally {
      fs.writeFileSync(object, bytes);
    }
  }, 60_000);

  it('refuses a target that is not empty unless --force, and a running station’s own data', async () => {
    const first = path.join(backups, 'first.qcbackup');
    const target = await newTarget();
    expect((await runCli(['restore', first], envOf(target))).code).toBe(0);
    const again = await runCli(['restore', first], envOf(target));
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(
      'is not empty. Restore into an empty one, or give --force to replace what is there.',
    );
    const forced = await runCli(['restore', first, '--force'], envOf(target));
    expect(forced.code, forced.stderr).toBe(0);

    const running = await runCli(['restore', first, '--force'], envOf(source));
    expect(running.code).toBe(2);
    expect(running.stderr).toContain('A station is running on');
    expect(running.stderr).toContain('stop it before restoring into it.');
    expect(await playoutOf(station)).toBe('on-air');
  }, 60_000);
});
