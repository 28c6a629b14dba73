import fs from 'node:fs';
import path from 'node:path';
import type {
  AddSongResult,
  DetailSong,
  FeedPage,
  ModerationLog,
  ReviewList,
  ReviewOutcome,
} from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import type { BusEvent } from '../src/core/bus.js';
import { bearer, createFile, createSong, quickUser, uniqueName } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

type Caller = { id: number; token: string };

let app: App;
let listener: Caller;
let helper: Caller;
let admin: Caller;
const events: BusEvent[] = [];
beforeAll(async () => {
  app = await createTestApp();
  listener = await quickUser(app);
  helper = await quickUser(app, 'helper');
  admin = await quickUser(app, 'admin');
  app.ctx.bus.subscribe((e) => events.push(e));
});

const STAFF = ['helper', 'moderator', 'admin'] as const;
const auth = (token?: string) => (token ? bearer(token) : {});
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: string }>().error;
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
const newSongEvents = (id: number) =>
  events.filter((e) => e.type === 'feed.added' && e.kind === 'new_song' && e.id === id);

const reviews = (token?: string) => app.inject({ url: '/api/review', headers: auth(token) });
const decide = (token: string | undefined, songId: number | string, verb: 'approve' | 'reject') =>
  app.inject({ method: 'PUT', url: `/api/review/${songId}/${verb}`, headers: auth(token) });
const request = (token: string, songId: number) =>
  app.inject({ method: 'POST', url: `/api/song/${songId}`, headers: bearer(token) });
/** The song page as staff see it (a song waiting for review is theirs and its adder's). */
const detail = async (songId: number) =>
  (await app.inject({ url: `/api/song/${songId}`, headers: bearer(helper.token) })).json<{
    song: DetailSong;
  }>().song;
const songRow = (id: number) =>
  app.ctx.db
    .selectFrom('songs')
    .select(['status', 'reviewed', 'last_played_at'])
    .where('id', '=', id)
    .executeTakeFirst();
const fileRow = (id: number) =>
  app.ctx.db
    .selectFrom('files')
    .select(['song_id', 'pending', 'stored_path'])
    .where('id', '=', id)
    .executeTakeFirst();

/** A listener's new song, through the real endpoint: it waits for review. */
async function listenersSong(title = uniqueName('Tune'), by: Caller = listener) {
  const artistName = uniqueName('Artist');
  const platform = uniqueName('Platform');
  await createSong(app, { artists: [artistName], platform });
  const artist = await app.ctx.db
    .selectFrom('artists')
    .select('id')
    .where('name', '=', artistName)
    .executeTakeFirstOrThrow();
  const res = await app.inject({
    method: 'POST',
    url: '/api/song',
    headers: bearer(by.token),
    payload: { artist_id: artist.id, title, platform },
  });
  expect(res.statusCode).toBe(201);
  const body = res.json<AddSongResult>();
  expect(body.status).toBe('review');
  return { songId: body.song_id, artistId: artist.id, title, artistName, platform };
}

/**
 * A listener's upload waiting for review, as the upload leaves it: a pending file (with its
 * bytes on disk) and the song in review.
 */
async function pendingUpload(songId: number, by: Caller = listener) {
  const filename = `${uniqueName('upload')}.mp3`;
  const fileId = await createFile(app, { songId, filename, pending: true, duration: 200 });
  await app.ctx.db
    .updateTable('files')
    .set({ uploaded_by: by.id })
    .where('id', '=', fileId)
    .execute();
  await app.ctx.db
    .updateTable('songs')
    .set({ status: 'review' })
    .where('id', '=', songId)
    .execute();
  const { stored_path } = (await fileRow(fileId))!;
  const onDisk = app.ctx.media.store.absolute(stored_path);
  fs.mkdirSync(path.dirname(onDisk), { recursive: true });
  fs.writeFileSync(onDisk, 'audio');
  return { fileId, filename, onDisk, storedPath: stored_path };
}

async function auditEntry(action: string, songId: number) {
  const res = await app.inject({
    url: '/api/moderation/log?limit=200',
    headers: auth(admin.token),
  });
  return res
    .json<ModerationLog>()
    .entries.find((e) => e.action === action && e.detail.song_id === songId);
}

describe('who may review', () => {
  it('answers 401 to anonymous callers and 403 to listeners, on every review route', async () => {
    const { songId } = await listenersSong();
    expect((await reviews()).statusCode).toBe(401);
    expect((await reviews(listener.token)).statusCode).toBe(403);
    for (const verb of ['approve', 'reject'] as const) {
      expect((await decide(undefined, songId, verb)).statusCode, verb).toBe(401);
      expect((await decide(listener.token, songId, verb)).statusCode, verb).toBe(403);
    }
    expect(await songRow(songId)).toMatchObject({ status: 'review', reviewed: 0 });
  });

  it.each(STAFF)('lets a %s list, approve and reject', async (role) => {
    const staff = await quickUser(app, role);
    // A listener of their own: one adds at most 10 songs an hour.
    const adder = await quickUser(app);
    const toApprove = await listenersSong(undefined, adder);
    const toReject = await listenersSong(undefined, adder);
    const list = await reviews(staff.token);
    expect(list.statusCode).toBe(200);
    const ids = list.json<ReviewList>().items.map((i) => i.song_id);
    expect(ids).toEqual(expect.arrayContaining([toApprove.songId, toReject.songId]));
    const approved = await decide(staff.token, toApprove.songId, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json<ReviewOutcome>()).toEqual({
      success: true,
      song_id: toApprove.songId,
      status: 'missing_file',
    });
    const rejected = await decide(staff.token, toReject.songId, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<ReviewOutcome>()).toEqual({
      success: true,
      song_id: toReject.songId,
      status: 'removed',
    });
  });
});

describe('GET /api/review', () => {
  it('lists new songs and pending uploads, longest waiting first, with who sent them', async () => {
    const fresh = await listenersSong();
    const imported = await createSong(app, { title: uniqueName('Imported') });
    const upload = await pendingUpload(imported);
    const both = await listenersSong();
    const bothUpload = await pendingUpload(both.songId);
    const settled = await createSong(app);
    // Waiting since: the upload long ago, the new song a while ago, the song with both now.
    const now = Math.floor(Date.now() / 1000);
    const at = (table: 'songs' | 'files', id: number, t: number) =>
      app.ctx.db.updateTable(table).set({ created_at: t }).where('id', '=', id).execute();
    await at('files', upload.fileId, now - 3000);
    await at('songs', fresh.songId, now - 2000);
    await at('songs', both.songId, now - 10);
    await at('files', bothUpload.fileId, now - 5);

    const items = (await reviews(helper.token)).json<ReviewList>().items;
    const mine = items.filter((i) =>
      [fresh.songId, imported, both.songId, settled].includes(i.song_id),
    );
    const listenerName = (await app.ctx.repos.users.findById(listener.id))!.username;
    expect(mine).toEqual([
      {
        song_id: imported,
        title: expect.stringMatching(/^Imported_/) as string,
        artist: expect.any(String) as string,
        platform: null,
        added_by: null,
        new_song: false,
        file: {
          fileid: upload.fileId,
          filename: upload.filename,
          duration: 200,
          uploaded_by: listenerName,
        },
        created_at: now - 3000,
      },
      {
        song_id: fresh.songId,
        title: fresh.title,
        artist: fresh.artistName,
        platform: fresh.platform,
        added_by: listenerName,
        new_song: true,
        file: null,
        created_at: now - 2000,
      },
      expect.objectContaining({
        song_id: both.songId,
        new_song: true,
        file: expect.objectContaining({ fileid: bothUpload.fileId }) as unknown,
        created_at: now - 10,
      }),
    ]);
  });
});

describe('a listener’s new song', () => {
  it('waits unplayable, then joins the catalogue missing its file, then plays after its upload is approved', async () => {
    const song = await listenersSong();
    expect(await detail(song.songId)).toMatchObject({ status: 'review', has_file: false });
    const refused = await request(listener.token, song.songId);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toBe('This song has no playable file.');

    const approved = await decide(helper.token, song.songId, 'approve');
    expect(approved.json<ReviewOutcome>().status).toBe('missing_file');
    expect(await songRow(song.songId)).toMatchObject({ status: 'missing_file', reviewed: 1 });
    expect(await auditEntry('song.approve', song.songId)).toMatchObject({
      actor: (await app.ctx.repos.users.findById(helper.id))!.username,
      target: (await app.ctx.repos.users.findById(listener.id))!.username,
      detail: { song_id: song.songId, title: song.title, file: null, status: 'missing_file' },
    });
    await settle();
    expect(newSongEvents(song.songId)).toEqual([]);
    const again = await decide(helper.token, song.songId, 'approve');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('Nothing to review for this song.');

    // The listener uploads a file: it waits, and the station does not play it.
    const upload = await pendingUpload(song.songId);
    expect(await detail(song.songId)).toMatchObject({ status: 'review', has_file: false });
    expect((await request(listener.token, song.songId)).statusCode).toBe(409);
    expect(await app.ctx.repos.songs.playable(song.songId)).toMatchObject({ stored_path: null });

    const live = await decide(admin.token, song.songId, 'approve');
    expect(live.json<ReviewOutcome>().status).toBe('active');
    expect(await fileRow(upload.fileId)).toMatchObject({ song_id: song.songId, pending: 0 });
    expect(await detail(song.songId)).toMatchObject({ status: 'active', has_file: true });
    expect(await app.ctx.repos.songs.playable(song.songId)).toMatchObject({
      stored_path: upload.storedPath,
    });
    await settle();
    expect(newSongEvents(song.songId)).toHaveLength(1);
    const feed = (await app.inject({ url: '/api/feed?limit=50' })).json<FeedPage>();
    expect(feed.items.map((i) => i.key)).toContain(`new_song:${song.songId}`);
    expect((await request(listener.token, song.songId)).statusCode).toBe(200);
  });

  it('with its upload, plays as soon as it is approved', async () => {
    const song = await listenersSong();
    const upload = await pendingUpload(song.songId);
    const res = await decide(helper.token, song.songId, 'approve');
    expect(res.json<ReviewOutcome>().status).toBe('active');
    expect(await songRow(song.songId)).toMatchObject({ status: 'active', reviewed: 1 });
    expect(await auditEntry('song.approve', song.songId)).toMatchObject({
      detail: { song_id: song.songId, title: song.title, file: upload.filename, status: 'active' },
    });
    await settle();
    expect(newSongEvents(song.songId)).toHaveLength(1);
    expect(
      (await reviews(helper.token)).json<ReviewList>().items.map((i) => i.song_id),
    ).not.toContain(song.songId);
  });

  it('is removed when rejected, with its upload, from the catalogue, search and disk', async () => {
    const song = await listenersSong(uniqueName('Qwzrejected'));
    const upload = await pendingUpload(song.songId);
    const countBefore = await artistSongCount(song.artistId);
    const res = await decide(helper.token, song.songId, 'reject');
    expect(res.statusCode).toBe(200);
    expect(res.json<ReviewOutcome>()).toEqual({
      success: true,
      song_id: song.songId,
      status: 'removed',
    });
    expect(await songRow(song.songId)).toBeUndefined();
    expect(await fileRow(upload.fileId)).toBeUndefined();
    expect(fs.existsSync(upload.onDisk)).toBe(false);
    // A song waiting for review was never counted for its artist.
    expect(await artistSongCount(song.artistId)).toBe(countBefore);
    const found = await app.inject({ url: `/api/search?q=${song.title}` });
    expect(found.json<{ songs: unknown[] }>().songs).toEqual([]);
    expect((await app.inject({ url: `/api/song/${song.songId}` })).statusCode).toBe(404);
    expect(await auditEntry('song.reject', song.songId)).toMatchObject({
      actor: (await app.ctx.repos.users.findById(helper.id))!.username,
      target: (await app.ctx.repos.users.findById(listener.id))!.username,
      detail: {
        song_id: song.songId,
        title: song.title,
        file: upload.filename,
        new_song: true,
        status: 'removed',
      },
    });
    const gone = await decide(helper.token, song.songId, 'reject');
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone)).toBe('Song not found.');
  });
});

async function artistSongCount(artistId: number) {
  const row = await app.ctx.db
    .selectFrom('artists')
    .select('song_count')
    .where('id', '=', artistId)
    .executeTakeFirstOrThrow();
  return row.song_count;
}

describe('a listener’s upload for a catalogue song', () => {
  it('is deleted when rejected, the song back to missing its file', async () => {
    const songId = await createSong(app);
    const upload = await pendingUpload(songId);
    const res = await decide(helper.token, songId, 'reject');
    expect(res.json<ReviewOutcome>().status).toBe('missing_file');
    expect(await songRow(songId)).toMatchObject({ status: 'missing_file', reviewed: 1 });
    expect(await fileRow(upload.fileId)).toBeUndefined();
    expect(fs.existsSync(upload.onDisk)).toBe(false);
    expect(await auditEntry('song.reject', songId)).toMatchObject({
      detail: { song_id: songId, file: upload.filename, new_song: false, status: 'missing_file' },
    });
  });

  it('leaves the stored file on disk while another file record points at it', async () => {
    const songId = await createSong(app);
    const upload = await pendingUpload(songId);
    const twin = await createFile(app);
    await app.ctx.db
      .updateTable('files')
      .set({ stored_path: upload.storedPath })
      .where('id', '=', twin)
      .execute();
    expect((await decide(helper.token, songId, 'reject')).statusCode).toBe(200);
    expect(await fileRow(upload.fileId)).toBeUndefined();
    expect(fs.existsSync(upload.onDisk)).toBe(true);
  });

  it('is not news when approved for a song that has been on air before', async () => {
    const songId = await createSong(app);
    await app.ctx.db
      .updateTable('songs')
      .set({ last_played_at: Math.floor(Date.now() / 1000) - 86_400 })
      .where('id', '=', songId)
      .execute();
    await pendingUpload(songId);
    expect((await decide(helper.token, songId, 'approve')).json<ReviewOutcome>().status).toBe(
      'active',
    );
    await settle();
    expect(newSongEvents(songId)).toEqual([]);
  });
});

describe('refusals', () => {
  it('answers 404 for an unknown song, 409 when nothing waits, 400 for a bad id', async () => {
    const settled = await createSong(app);
    for (const verb of ['approve', 'reject'] as const) {
      const unknown = await decide(helper.token, 2 ** 31 - 2, verb);
      expect(unknown.statusCode, verb).toBe(404);
      expect(errorOf(unknown)).toBe('Song not found.');
      const nothing = await decide(helper.token, settled, verb);
      expect(nothing.statusCode, verb).toBe(409);
      expect(errorOf(nothing)).toBe('Nothing to review for this song.');
      expect((await decide(helper.token, 'x', verb)).statusCode, verb).toBe(400);
    }
    expect(await songRow(settled)).toMatchObject({ status: 'missing_file', reviewed: 1 });
  });
});
