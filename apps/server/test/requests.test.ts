import fs from 'node:fs';
import path from 'node:path';
import type { SongDetail } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../src/app.js';
import { fixedClock } from '../src/core/clock.js';
import { analyzeAudio } from '../src/media/analyze.js';
import { makeTone, tempDir } from './helpers/audio.js';
import { bearer, createSong, makePlayable, quickUser } from './helpers/factories.js';
import { playbackUpdateOf } from './helpers/live-frames.js';
import { createTestApp } from './helpers/test-app.js';
import { FIXED_LIMITS } from '../src/core/rate-limits.js';

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);
/** The cooldown app's time stands still, so a wait it answers cannot shift between two calls. */
const coolClock = fixedClock(now());

/** No cooldown, so that the limit and the races can be seen; the cooldown has its own app. */
let app: App;
let cooled: App;

beforeAll(async () => {
  app = await createTestApp({ env: { REQUEST_COOLDOWN_S: '0', QUEUE_LIMIT: '2' } });
  cooled = await createTestApp({ env: { REQUEST_COOLDOWN_S: '10' }, clock: coolClock });
});

async function song(target = app, options: Parameters<typeof createSong>[1] = {}) {
  const id = await createSong(target, options);
  await makePlayable(target, id);
  return id;
}

const request = (target: App, songId: number, token?: string) =>
  target.inject({
    method: 'POST',
    url: `/api/song/${songId}`,
    headers: token ? bearer(token) : {},
  });

const queueAction = (token: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/queue', headers: bearer(token), payload });

const queuedFor = async (target: App, userId: number) =>
  target.ctx.db
    .selectFrom('queue_entries')
    .select(['song_id', 'state'])
    .where('requested_by', '=', userId)
    .execute();

describe('POST /api/song/{id}', () => {
  it('queues a playable song for a listener, and tells every socket at once', async () => {
    const user = await quickUser(app);
    const id = await song();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const seen: number[][] = [];
    ws.on('message', (d: Buffer) => {
      const update = playbackUpdateOf(d);
      if (update) seen.push(update.queue.map((s) => s.id));
    });
    await new Promise((r) => ws.once('open', r));

    const res = await request(app, id, user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Song successfully queued!' });
    expect(await queuedFor(app, user.id)).toEqual([{ song_id: id, state: 'queued' }]);
    const deadline = Date.now() + 3000;
    while (!seen.some((q) => q.includes(id)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    ws.close();
    expect(seen.some((q) => q.includes(id))).toBe(true);

    const detail = await app.inject({ url: `/api/song/${id}` });
    expect(detail.json<SongDetail>().song.recently_played).toBe(true);
  });

  it('401 without a login, 404 for an unknown song', async () => {
    const user = await quickUser(app);
    const id = await song();
    expect((await request(app, id)).statusCode).toBe(401);
    const missing = await request(app, 987654, user.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Song not found.');
  });

  it('409 when the song is waiting, on air, played recently, or has no playable file', async () => {
    const [a, b] = [await quickUser(app), await quickUser(app)];
    const waiting = await song();
    expect((await request(app, waiting, a.token)).statusCode).toBe(200);
    const twice = await request(app, waiting, b.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('This song is already in the queue.');

    const onAir = await song();
    await app.ctx.db
      .insertInto('queue_entries')
      .values({ song_id: onAir, requested_by: null, requested_at: now(), state: 'playing' })
      .execute();
    expect((await request(app, onAir, b.token)).json().error).toBe('This song is playing now.');

    const noFile = await createSong(app);
    const res = await request(app, noFile, b.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This song has no playable file.');
  });

  it('the lock window: refused a minute inside it, accepted just outside', async () => {
    const user = await quickUser(app);
    const [inside, outside] = [await song(), await song()];
    const lock = 12 * HOUR;
    await app.ctx.db
      .updateTable('songs')
      .set({ last_played_at: now() - lock + 60 })
      .where('id', '=', inside)
      .execute();
    await app.ctx.db
      .updateTable('songs')
      .set({ last_played_at: now() - lock - 1 })
      .where('id', '=', outside)
      .execute();
    const refused = await request(app, inside, user.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This song was played recently.');
    const detail = await app.inject({ url: `/api/song/${inside}` });
    expect(detail.json<SongDetail>().song.recently_played).toBe(true);
    expect((await request(app, outside, user.token)).statusCode).toBe(200);
  });

  it('403 at the queue limit, with the text the client shows', async () => {
    const user = await quickUser(app);
    for (let i = 0; i < 2; i++)
      expect((await request(app, await song(), user.token)).statusCode).toBe(200);
    const third = await request(app, await song(), user.token);
    expect(third.statusCode).toBe(403);
    expect(third.json().error).toBe('You already have 2 songs in the queue.');
    // A request that has gone on air no longer counts.
    const [first] = await queuedFor(app, user.id);
    await app.ctx.db
      .updateTable('queue_entries')
      .set({ state: 'played' })
      .where('song_id', '=', first!.song_id)
      .execute();
    expect((await request(app, await song(), user.token)).statusCode).toBe(200);
  });

  it('429 during the cooldown with retry_after and Retry-After; accepted once it is over', async () => {
    const user = await quickUser(cooled);
    const [a, b] = [await song(cooled), await song(cooled)];
    expect((await request(cooled, a, user.token)).statusCode).toBe(200);
    const fast = await request(cooled, b, user.token);
    expect(fast.statusCode).toBe(429);
    const body = fast.json<{ error: string; retry_after: number }>();
    expect(body.retry_after).toBeGreaterThanOrEqual(9);
    expect(body.retry_after).toBeLessThanOrEqual(10);
    expect(fast.headers['retry-after']).toBe(String(body.retry_after));
    expect(body.error).toBe(`You're queuing too fast. Wait ${body.retry_after} seconds.`);
    // A queue action during the cooldown says the same, with the same retry_after.
    const action = await cooled.inject({
      method: 'POST',
      url: '/api/queue',
      headers: bearer(user.token),
      payload: { from_favorites: true },
    });
    expect(action.statusCode).toBe(409); // no favourites: refused before any pick
    await cooled.inject({
      method: 'POST',
      url: '/api/user/favorites',
      headers: bearer(user.token),
      payload: { song_id: b },
    });
    const waited = await cooled.inject({
      method: 'POST',
      url: '/api/queue',
      headers: bearer(user.token),
      payload: { from_favorites: true },
    });
    expect(waited.statusCode).toBe(429);
    expect(waited.json()).toMatchObject({ success: false, retry_after: body.retry_after });
    expect(waited.headers['retry-after']).toBe(String(body.retry_after));
    // Exactly the cooldown later the next request is accepted.
    await cooled.ctx.db
      .updateTable('queue_entries')
      .set({ requested_at: coolClock.now() - 10 })
      .where('requested_by', '=', user.id)
      .execute();
    expect((await request(cooled, b, user.token)).statusCode).toBe(200);
    // At the limit, the limit is what a listener is told, cooldown or not.
    const third = await request(cooled, await song(cooled), user.token);
    expect(third.statusCode).toBe(403);
    expect(third.json().error).toBe('You already have 2 songs in the queue.');
  });

  it('50 parallel requests by one listener queue exactly the limit', async () => {
    const user = await quickUser(app);
    const songs = await Promise.all(Array.from({ length: 50 }, () => song()));
    const answers = await Promise.all(songs.map((id) => request(app, id, user.token)));
    const codes = answers.map((r) => r.statusCode);
    const { max } = FIXED_LIMITS.request;
    // The first `max` reach the rules (2 queued, the rest over the queue limit); the others are
    // refused by the route's rate limit before they cost a query.
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 403)).toHaveLength(max - 2);
    expect(codes.filter((c) => c === 429)).toHaveLength(50 - max);
    expect(await queuedFor(app, user.id)).toHaveLength(2);
  });

  it('50 listeners racing for one song: one wins, the song is queued once', async () => {
    const id = await song();
    const users = await Promise.all(Array.from({ length: 50 }, () => quickUser(app)));
    const answers = await Promise.all(users.map((u) => request(app, id, u.token)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const entries = await app.ctx.db
      .selectFrom('queue_entries')
      .select('id')
      .where('song_id', '=', id)
      .execute();
    expect(entries).toHaveLength(1);
  });
});

describe('POST /api/queue', () => {
  it('queues a requestable song by the artist, at random or the least recently played', async () => {
    const user = await quickUser(app);
    const artist = `Queue Artist ${now()}`;
    const ids = [
      await song(app, { artists: [artist], title: 'Old One' }),
      await song(app, { artists: [artist], title: 'Newer One' }),
    ];
    await app.ctx.db
      .updateTable('songs')
      .set({ last_played_at: now() - 100 * HOUR })
      .where('id', '=', ids[0]!)
      .execute();
    await app.ctx.db
      .updateTable('songs')
      .set({ last_played_at: now() - 50 * HOUR })
      .where('id', '=', ids[1]!)
      .execute();
    const { id: artistId } = await app.ctx.db
      .selectFrom('artists')
      .select('id')
      .where('name', '=', artist)
      .executeTakeFirstOrThrow();
    const res = await queueAction(user.token, { artist_id: artistId, least_recent: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      song_details: { artist, title: 'Old One' },
      error: null,
    });
    const random = await queueAction(user.token, { artist_id: artistId });
    expect(random.json()).toMatchObject({ success: true, song_details: { title: 'Newer One' } });
    // Both are queued now: nothing left by this artist.
    const other = await quickUser(app);
    const none = await queueAction(other.token, { artist_id: artistId });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ success: false, song_details: null });
  });

  it('by platform, with a minimum average vote', async () => {
    const user = await quickUser(app);
    const platform = `Plat${now()}`;
    const low = await song(app, { platform, title: 'Rated Two' });
    const high = await song(app, { platform, title: 'Rated Four' });
    await app.ctx.db
      .updateTable('songs')
      .set({ vote_count: 2, vote_total: 4 })
      .where('id', '=', low)
      .execute();
    await app.ctx.db
      .updateTable('songs')
      .set({ vote_count: 2, vote_total: 9 })
      .where('id', '=', high)
      .execute();
    const res = await queueAction(user.token, { platform, min_vote: 4 });
    expect(res.json()).toMatchObject({ success: true, song_details: { title: 'Rated Four' } });
    const again = await queueAction((await quickUser(app)).token, { platform, min_vote: 3 });
    expect(again.statusCode).toBe(409);
    expect((await queueAction(user.token, { platform: 'Nowhere' })).statusCode).toBe(404);
  });

  it('from favourites, with the text the client shows when there are none', async () => {
    const user = await quickUser(app);
    const none = await queueAction(user.token, { from_favorites: true });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({
      error: 'You have no favorite songs to queue',
      success: false,
      song_details: null,
    });
    const fav = await song(app, { title: 'Loved' });
    await app.inject({
      method: 'POST',
      url: '/api/user/favorites',
      headers: bearer(user.token),
      payload: { song_id: fav },
    });
    const res = await queueAction(user.token, { from_favorites: true });
    expect(res.json()).toMatchObject({ success: true, song_details: { title: 'Loved' } });
  });

  it('by tags: only songs with every tag; the texts the client shows for none and no tags', async () => {
    const user = await quickUser(app);
    const tagA = `qa${now()}`;
    const tagB = `qb${now()}`;
    await song(app, { tags: [tagA], title: 'Only A' });
    await song(app, { tags: [tagA, tagB], title: 'Both' });
    const res = await queueAction(user.token, { tags: [tagA, tagB.toUpperCase()] });
    expect(res.json()).toMatchObject({ success: true, song_details: { title: 'Both' } });
    const gone = await queueAction((await quickUser(app)).token, { tags: [tagA, tagB] });
    expect(gone.json().error).toBe('No songs available with these tags');
    const empty = await queueAction(user.token, { tags: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('No tags selected');
    const unknown = await queueAction(user.token, { tags: ['no-such-tag-anywhere'] });
    expect(unknown.json().error).toBe('No songs available with these tags');
  });

  it('refuses a body without exactly one filter, and anonymous callers', async () => {
    const user = await quickUser(app);
    expect((await queueAction(user.token, {})).statusCode).toBe(400);
    expect((await queueAction(user.token, { artist_id: 1, platform: 'x' })).statusCode).toBe(400);
    const anon = await app.inject({
      method: 'POST',
      url: '/api/queue',
      payload: { from_favorites: true },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('GET /api/song/{id}/preview', () => {
  it('a 30 s MP3 from the middle, cut once and then served from the cache; limited per listener', async () => {
    const user = await quickUser(app);
    const folder = tempDir('queuecast-preview-');
    await makeTone(app.ctx.media.tools.ffmpeg, path.join(folder, 'long.flac'), {
      seconds: 70,
      tags: { title: 'Long Tone', artist: 'Previewer' },
    });
    expect((await app.ctx.services.import.importFolder(folder)).added).toBe(1);
    const { id } = await app.ctx.db
      .selectFrom('songs')
      .select('id')
      .where('title', '=', 'Long Tone')
      .executeTakeFirstOrThrow();
    const url = `/api/song/${id}/preview`;
    expect((await app.inject({ url })).statusCode).toBe(401);

    const first = await app.inject({ url, headers: bearer(user.token) });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/mpeg');
    const clip = path.join(folder, 'clip.mp3');
    fs.writeFileSync(clip, first.rawPayload);
    const { duration } = await analyzeAudio(app.ctx.media.tools.ffmpeg, clip, 'mp3', {
      maxSeconds: 600,
      cpuSeconds: 60,
    });
    expect(duration).toBeGreaterThan(29.5);
    expect(duration).toBeLessThan(30.5);

    const cacheDir = path.join(app.ctx.config.dataDir, 'previews');
    const [cached] = fs.readdirSync(cacheDir);
    const cutAt = fs.statSync(path.join(cacheDir, cached!)).mtimeMs;
    const second = await app.inject({ url, headers: bearer(user.token) });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(fs.readdirSync(cacheDir)).toEqual([cached]);
    expect(fs.statSync(path.join(cacheDir, cached!)).mtimeMs).toBe(cutAt);

    const codes: number[] = [];
    for (let i = 0; i < 10; i++)
      codes.push((await app.inject({ url, headers: bearer(user.token) })).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(8); // 10 a minute, 2 already taken
    const limited = await app.inject({ url, headers: bearer(user.token) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^You're previewing too fast\. Wait \d+ seconds?\.$/);
    // Another listener is not held back.
    expect(
      (await app.inject({ url, headers: bearer((await quickUser(app)).token) })).statusCode,
    ).toBe(200);
    expect(
      (
        await app.inject({
          url: '/api/song/987654/preview',
          headers: bearer((await quickUser(app)).token),
        })
      ).statusCode,
    ).toBe(404);
  }, 30_000);
});

describe('GET /api/queue/allowance', () => {
  const allowance = (token: string) =>
    cooled.inject({ method: 'GET', url: '/api/queue/allowance', headers: bearer(token) });

  it('says how many requests are left and when the cooldown lets the next one through', async () => {
    const user = await quickUser(cooled);
    const fresh = await allowance(user.token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({
      limit: 2,
      waiting: 0,
      remaining: 2,
      cooldown_s: 10,
      retry_after: 0,
      next_at: null,
    });
    expect((await request(cooled, await song(cooled), user.token)).statusCode).toBe(200);
    const after = (await allowance(user.token)).json<Record<string, number | null>>();
    expect(after).toMatchObject({ waiting: 1, remaining: 1, retry_after: 10 });
    expect(after.next_at).toBe(coolClock.now() + 10);
    // The cooldown over: the next request is possible now, one left under the limit.
    await cooled.ctx.db
      .updateTable('queue_entries')
      .set({ requested_at: coolClock.now() - 10 })
      .where('requested_by', '=', user.id)
      .execute();
    expect((await allowance(user.token)).json()).toMatchObject({
      waiting: 1,
      remaining: 1,
      retry_after: 0,
      next_at: null,
    });
    expect((await request(cooled, await song(cooled), user.token)).statusCode).toBe(200);
    expect((await allowance(user.token)).json()).toMatchObject({ waiting: 2, remaining: 0 });
  });

  it('needs a signed-in listener', async () => {
    const anonymous = await cooled.inject({ method: 'GET', url: '/api/queue/allowance' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the queue in the playback update', () => {
  it('numbers the waiting requests and expects each to start when the ones ahead end, tweaks included', async () => {
    const [first, second] = [await quickUser(app), await quickUser(app)];
    const a = await song(app, { length: 100 });
    const b = await song(app, { length: 200 });
    const c = await song(app, { length: 90 });
    // b plays 50 s of its 200 after skipping 10.
    await app.ctx.db
      .updateTable('songs')
      .set({ h_length: 50, h_skip: 10 })
      .where('id', '=', b)
      .execute();
    for (const [user, id] of [
      [first, a],
      [second, b],
      [first, c],
    ] as const) {
      expect((await request(app, id, user.token)).statusCode).toBe(200);
    }
    const update = await app.ctx.services.playback.build(0);
    expect(update.queue.map((s) => s.position)).toEqual(update.queue.map((_, i) => i + 1));
    const mine = update.queue.filter((s) => [a, b, c].includes(s.id));
    expect(mine.map((s) => s.id)).toEqual([a, b, c]);
    expect(mine.map((s) => s.length)).toEqual([100, 50, 90]);
    expect(mine[1]!.start_time - mine[0]!.start_time).toBe(100);
    expect(mine[2]!.start_time - mine[1]!.start_time).toBe(50);
    expect(mine[1]!.position).toBe(mine[0]!.position! + 1);
    expect(mine.map((s) => s.requested_by_username)).toEqual([
      expect.any(String),
      expect.any(String),
      mine[0]!.requested_by_username,
    ]);
  });
});
