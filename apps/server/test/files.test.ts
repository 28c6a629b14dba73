import type { DetailSong, FileAnswer, FileList, ModerationLog } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import type { BusEvent } from '../src/core/bus.js';
import { seededRandom } from '../src/lib/random.js';
import { Scheduler } from '../src/station/playout/scheduler.js';
import { bearer, createFile, createSong, quickUser, uniqueName } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

let app: App;
let admin: { id: number; token: string };
let helper: { id: number; token: string };
const events: BusEvent[] = [];
beforeAll(async () => {
  app = await createTestApp();
  admin = await quickUser(app, 'admin');
  helper = await quickUser(app, 'helper');
  app.ctx.bus.subscribe((e) => events.push(e));
});

const STAFF = ['helper', 'moderator', 'admin'] as const;
const auth = (token?: string) => (token ? bearer(token) : {});
const search = (token: string | undefined, q: string) =>
  app.inject({ url: `/api/files/search?q=${encodeURIComponent(q)}`, headers: auth(token) });
const associate = (token: string | undefined, fileId: number | string, payload: unknown) =>
  app.inject({
    method: 'PUT',
    url: `/api/files/${fileId}/associate`,
    headers: auth(token),
    payload: payload as Record<string, unknown>,
  });
const unassociate = (token: string | undefined, fileId: number | string) =>
  app.inject({ method: 'PUT', url: `/api/files/${fileId}/unassociate`, headers: auth(token) });
/** The song page as staff see it: a song waiting for review is hidden from everyone else. */
const detail = async (songId: number) =>
  (await app.inject({ url: `/api/song/${songId}`, headers: bearer(helper.token) })).json<{
    song: DetailSong;
  }>().song;
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: string }>().error;
const newSongEvents = (id: number) =>
  events.filter((e) => e.type === 'feed.added' && e.kind === 'new_song' && e.id === id);
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

async function auditEntries(action: string, fileId: number) {
  const res = await app.inject({
    url: '/api/moderation/log?limit=200',
    headers: auth(admin.token),
  });
  return res
    .json<ModerationLog>()
    .entries.filter((e) => e.action === action && e.detail.file_id === fileId);
}

/** A song with a file of its own, active, as staff would leave it. */
async function songWithFile(options: { title?: string; duration?: number } = {}) {
  const songId = await createSong(app, { title: options.title });
  const fileId = await createFile(app, { duration: options.duration ?? 150 });
  expect((await associate(helper.token, fileId, { songId })).statusCode).toBe(200);
  return { songId, fileId };
}

describe('GET /api/files/search', () => {
  it('is for staff only: 401 anonymous, 403 a listener', async () => {
    const listener = await quickUser(app);
    expect((await search(undefined, 'mp3')).statusCode).toBe(401);
    expect((await search(listener.token, 'mp3')).statusCode).toBe(403);
    for (const role of STAFF) {
      const staff = await quickUser(app, role);
      expect((await search(staff.token, 'mp3')).statusCode, role).toBe(200);
    }
  });

  it('needs at least 3 characters once trimmed', async () => {
    for (const q of ['ab', '  ab  ', '']) {
      const res = await search(helper.token, q);
      expect(res.statusCode, q).toBe(400);
      expect(errorOf(res)).toBe('Search term must be at least 3 characters');
    }
    const missing = await app.inject({ url: '/api/files/search', headers: auth(helper.token) });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toBe('Search term must be at least 3 characters');
    expect((await search(helper.token, 'x'.repeat(201))).statusCode).toBe(400);
  });

  it("matches the file name or the song's title, any case, names starting with the term first", async () => {
    const tok = uniqueName('tok');
    const songId = await createSong(app, { title: 'Some Title', artists: ['Alpha X', 'Beta Y'] });
    const titled = await createSong(app, { title: `Song ${tok.toUpperCase()}` });
    const prefix = await createFile(app, { filename: `${tok.toUpperCase()}_intro.mp3` });
    const onSong = await createFile(app, { filename: `b ${tok} remix.mp3`, songId });
    const pending = await createFile(app, { filename: `a_${tok}.flac`, pending: true });
    const byTitle = await createFile(app, { filename: 'unrelated.mp3', songId: titled });

    const res = await search(helper.token, `  ${tok} `);
    expect(res.statusCode).toBe(200);
    const { files } = res.json<FileList>();
    expect(files.map((f) => f.fileid)).toEqual([prefix, pending, onSong, byTitle]);
    expect(files[1]).toEqual({
      fileid: pending,
      filename: `a_${tok}.flac`,
      songid: null,
      title: null,
      artists: null,
      pending: true,
    });
    expect(files[2]).toEqual({
      fileid: onSong,
      filename: `b ${tok} remix.mp3`,
      songid: songId,
      title: 'Some Title',
      artists: 'Alpha X, Beta Y',
      pending: false,
    });
    expect((await search(helper.token, `${tok}-nothing`)).json<FileList>().files).toEqual([]);
  });

  it('takes % and _ literally and answers at most 50 files', async () => {
    const tok = uniqueName('cap');
    const percent = await createFile(app, { filename: `50%%%off ${tok}.mp3` });
    const under = await createFile(app, { filename: `x___y ${tok}.mp3` });
    const ids = (q: string) =>
      search(helper.token, q).then((r) => r.json<FileList>().files.map((f) => f.fileid));
    expect(await ids('%%%')).toEqual([percent]);
    expect(await ids('___')).toEqual([under]);
    for (let i = 0; i < 55; i++) await createFile(app, { filename: `${tok}-${i}.mp3` });
    expect(await ids(tok)).toHaveLength(50);
  });
});

describe('PUT /api/files/{fileid}/associate', () => {
  it('is for staff only: 401 anonymous, 403 a listener (nothing changes)', async () => {
    const songId = await createSong(app);
    const fileId = await createFile(app);
    const listener = await quickUser(app);
    expect((await associate(undefined, fileId, { songId })).statusCode).toBe(401);
    expect((await associate(listener.token, fileId, { songId })).statusCode).toBe(403);
    expect(await detail(songId)).toMatchObject({ status: 'missing_file', has_file: false });
    for (const role of STAFF) {
      const staff = await quickUser(app, role);
      const [song, file] = [await createSong(app), await createFile(app)];
      const res = await associate(staff.token, file, { songId: song });
      expect(res.statusCode, role).toBe(200);
      expect(res.json<FileAnswer>().file).toMatchObject({ fileid: file, songid: song });
    }
  });

  it('refuses bad input, unknown files and songs, and a song that has a file', async () => {
    const songId = await createSong(app);
    const fileId = await createFile(app);
    expect((await associate(helper.token, fileId, {})).statusCode).toBe(400);
    expect((await associate(helper.token, fileId, { songId: 'x' })).statusCode).toBe(400);
    expect((await associate(helper.token, 'abc', { songId })).statusCode).toBe(400);
    const noFile = await associate(helper.token, 2 ** 31 - 2, { songId });
    expect(noFile.statusCode).toBe(404);
    expect(errorOf(noFile)).toBe('Could not find the file in the database');
    const noSong = await associate(helper.token, fileId, { songId: 2 ** 31 - 2 });
    expect(noSong.statusCode).toBe(404);
    expect(errorOf(noSong)).toBe('Song not found.');
    const taken = await songWithFile();
    const twice = await associate(helper.token, fileId, { songId: taken.songId });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe('This song already has a file.');
    expect(await detail(songId)).toMatchObject({ status: 'missing_file' });
  });

  it('makes a song missing its file active and requestable, at the length of the file', async () => {
    const songId = await createSong(app, { title: 'Found Tune', artists: ['Finder'] });
    const fileId = await createFile(app, { filename: 'found.mp3', duration: 201.5 });
    expect(await detail(songId)).toMatchObject({ status: 'missing_file', has_file: false });
    const res = await associate(helper.token, fileId, { songId });
    expect(res.json<FileAnswer>().file).toEqual({
      fileid: fileId,
      filename: 'found.mp3',
      songid: songId,
      title: 'Found Tune',
      artists: 'Finder',
      pending: false,
    });
    expect(await detail(songId)).toMatchObject({
      status: 'active',
      has_file: true,
      length: 201.5,
      recently_played: false,
      requestable_at: null,
      filename: 'found.mp3',
    });
    await settle();
    expect(newSongEvents(songId)).toHaveLength(1);
    const [entry] = await auditEntries('file.associate', fileId);
    expect(entry).toMatchObject({
      actor: (await app.ctx.repos.users.findById(helper.id))!.username,
      detail: {
        file_id: fileId,
        filename: 'found.mp3',
        from_song: null,
        to_song: { id: songId, title: 'Found Tune', status: 'active' },
      },
    });
  });

  it('moves a file between songs: the one it leaves misses a file, a played song is no news', async () => {
    const a = await songWithFile({ title: 'Song A' });
    await app.ctx.db
      .updateTable('songs')
      .set({ last_played_at: 1000 })
      .where('id', '=', a.songId)
      .execute();
    const b = await createSong(app, { title: 'Song B' });
    const res = await associate(helper.token, a.fileId, { songId: b });
    expect(res.json<FileAnswer>().file).toMatchObject({ songid: b, title: 'Song B' });
    expect(await detail(a.songId)).toMatchObject({ status: 'missing_file', has_file: false });
    expect(await detail(b)).toMatchObject({ status: 'active', has_file: true });
    const [moved] = await auditEntries('file.associate', a.fileId);
    expect(moved!.detail).toMatchObject({
      from_song: { id: a.songId, title: 'Song A', status: 'missing_file' },
      to_song: { id: b, title: 'Song B', status: 'active' },
    });

    // Back to A: active again, but A has been on air, so the feed does not announce it again.
    expect((await associate(helper.token, a.fileId, { songId: a.songId })).statusCode).toBe(200);
    expect(await detail(a.songId)).toMatchObject({ status: 'active', has_file: true });
    expect(await detail(b)).toMatchObject({ status: 'missing_file', has_file: false });
    await settle();
    expect(newSongEvents(a.songId)).toHaveLength(1);

    // Onto the song it is on already: nothing changes, nothing is logged.
    const again = await associate(helper.token, a.fileId, { songId: a.songId });
    expect(again.statusCode).toBe(200);
    expect(await auditEntries('file.associate', a.fileId)).toHaveLength(3);
  });

  it("leaves a listener's unreviewed song in review, and a pending upload puts a song in review", async () => {
    const waiting = await createSong(app);
    await app.ctx.db
      .updateTable('songs')
      .set({ status: 'review', reviewed: 0 })
      .where('id', '=', waiting)
      .execute();
    const fileId = await createFile(app);
    expect((await associate(helper.token, fileId, { songId: waiting })).statusCode).toBe(200);
    expect(await detail(waiting)).toMatchObject({ status: 'review', has_file: true });
    await settle();
    expect(newSongEvents(waiting)).toHaveLength(0);

    const songId = await createSong(app);
    const upload = await createFile(app, { pending: true });
    const res = await associate(helper.token, upload, { songId });
    expect(res.json<FileAnswer>().file).toMatchObject({ songid: songId, pending: true });
    expect(await detail(songId)).toMatchObject({ status: 'review', requestable_at: null });
  });
});

describe('PUT /api/files/{fileid}/unassociate', () => {
  it('is for staff only: 401 anonymous, 403 a listener (nothing changes)', async () => {
    const { songId, fileId } = await songWithFile();
    const listener = await quickUser(app);
    expect((await unassociate(undefined, fileId)).statusCode).toBe(401);
    expect((await unassociate(listener.token, fileId)).statusCode).toBe(403);
    expect(await detail(songId)).toMatchObject({ status: 'active', has_file: true });
    for (const role of STAFF) {
      const staff = await quickUser(app, role);
      const song = await songWithFile();
      expect((await unassociate(staff.token, song.fileId)).statusCode, role).toBe(200);
    }
  });

  it('answers 404 for an unknown file and 409 for a file on no song', async () => {
    const missing = await unassociate(helper.token, 2 ** 31 - 2);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Could not find the file in the database');
    expect((await unassociate(helper.token, 'x')).statusCode).toBe(400);
    const loose = await unassociate(helper.token, await createFile(app));
    expect(loose.statusCode).toBe(409);
    expect(errorOf(loose)).toBe('The file is not associated with a song.');
  });

  it('leaves the song missing its file, no longer requestable, and logs it', async () => {
    const { songId, fileId } = await songWithFile({ title: 'Lost Tune' });
    const res = await unassociate(helper.token, fileId);
    expect(res.statusCode).toBe(200);
    expect(res.json<FileAnswer>().file).toMatchObject({
      fileid: fileId,
      songid: null,
      title: null,
      artists: null,
    });
    expect(await detail(songId)).toMatchObject({
      status: 'missing_file',
      has_file: false,
      requestable_at: null,
      filename: null,
    });
    const [entry] = await auditEntries('file.unassociate', fileId);
    expect(entry!.detail).toMatchObject({
      file_id: fileId,
      from_song: { id: songId, title: 'Lost Tune', status: 'missing_file' },
    });
    const again = await unassociate(helper.token, fileId);
    expect(again.statusCode).toBe(409);
  });

  it('takes a pending upload off its song, which then waits for nothing', async () => {
    const songId = await createSong(app);
    const upload = await createFile(app, { pending: true });
    await associate(helper.token, upload, { songId });
    expect(await detail(songId)).toMatchObject({ status: 'review' });
    expect((await unassociate(helper.token, upload)).statusCode).toBe(200);
    expect(await detail(songId)).toMatchObject({ status: 'missing_file', has_file: false });
  });

  it('passes over a queued song whose file was taken off, and does not resume it on air', async () => {
    const scheduler = new Scheduler(app.ctx.repos.station, () => 12 * 3600, seededRandom(7));
    const now = Math.floor(Date.now() / 1000);
    const gone = await songWithFile();
    const kept = await songWithFile();
    const enqueue = async (songId: number, state = 'queued') =>
      (
        await app.ctx.db
          .insertInto('queue_entries')
          .values({ song_id: songId, requested_by: null, requested_at: now, state })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const stateOf = async (id: number) =>
      (
        await app.ctx.db
          .selectFrom('queue_entries')
          .select('state')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).state;

    const skipped = await enqueue(gone.songId);
    const next = await enqueue(kept.songId);
    await unassociate(helper.token, gone.fileId);
    expect(await scheduler.next(null)).toMatchObject({ queueId: next, songId: kept.songId });
    expect(await stateOf(skipped)).toBe('skipped');

    const onAir = await songWithFile();
    const { queueId } = await app.ctx.repos.station.start(
      { queueId: null, songId: onAir.songId, length: 150 },
      now - 10,
    );
    await unassociate(helper.token, onAir.fileId);
    expect(await scheduler.resume()).toBeNull();
    expect(await stateOf(queueId)).toBe('skipped');
  });
});
