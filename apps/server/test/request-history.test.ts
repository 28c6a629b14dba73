import { SongDetailSchema, type SongDetail } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, createSong, makePlayable, quickUser } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

// The song page's "Requested N times" and its request history are the same requests; the plays
// are a list of their own.

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});

async function page(songId: number): Promise<SongDetail> {
  const res = await app.inject({ url: `/api/song/${songId}` });
  expect(res.statusCode, res.body).toBe(200);
  return SongDetailSchema.parse(res.json());
}

const nameOf = async (id: number) => (await app.ctx.repos.users.findById(id))!.username;

/** A past entry of the queue, as the station leaves it once played or skipped. */
const pastEntry = (songId: number, requestedBy: number | null, at: number, state = 'played') =>
  app.ctx.db
    .insertInto('queue_entries')
    .values({ song_id: songId, requested_by: requestedBy, requested_at: at, state })
    .execute();

describe('the song page’s requests and plays', () => {
  it('counts the requests it lists, newest first, apart from the plays', async () => {
    const [ann, bob] = [await quickUser(app), await quickUser(app)];
    const songId = await createSong(app);
    await makePlayable(app, songId);
    const now = Math.floor(Date.now() / 1000);
    // Ann asked for it days ago and it played; it was cut once when Bob asked for it.
    await pastEntry(songId, ann.id, now - 3 * 86400);
    await pastEntry(songId, bob.id, now - 2 * 86400, 'skipped');
    // The auto-DJ played it without anyone asking.
    const played = await app.ctx.repos.station.start(
      { queueId: null, songId, length: 60 },
      now - 86400,
    );
    await app.ctx.repos.station.finish(played.queueId, 'played');
    // Ann asks again now: waiting, not yet played.
    const res = await app.inject({
      method: 'POST',
      url: `/api/song/${songId}`,
      headers: bearer(ann.token),
    });
    expect(res.statusCode, res.body).toBe(200);

    const detail = await page(songId);
    const [annName, bobName] = [await nameOf(ann.id), await nameOf(bob.id)];
    expect(detail.request_count).toBe(3);
    expect(detail.requests.map((r) => r.requested_by_username)).toEqual([
      annName,
      bobName,
      annName,
    ]);
    const times = detail.requests.map((r) => r.requested_at);
    expect(times[2]).toBe(now - 3 * 86400);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The plays: only the auto-DJ's, without a requester.
    expect(detail.play_count).toBe(1);
    expect(detail.history).toEqual([{ played_at: now - 86400, requested_by_username: null }]);
  });

  it('lists the newest 50 requests and counts them all', async () => {
    const listener = await quickUser(app);
    const songId = await createSong(app);
    const start = Math.floor(Date.now() / 1000) - 100 * 86400;
    for (let i = 0; i < 55; i++) await pastEntry(songId, listener.id, start + i * 3600);
    const detail = await page(songId);
    expect(detail.request_count).toBe(55);
    expect(detail.requests).toHaveLength(50);
    expect(detail.requests[0]!.requested_at).toBe(start + 54 * 3600);
    expect(detail.requests.at(-1)!.requested_at).toBe(start + 5 * 3600);
  });

  it('shows none for a song nobody asked for', async () => {
    const detail = await page(await createSong(app));
    expect(detail).toMatchObject({ request_count: 0, requests: [], play_count: 0, history: [] });
  });
});
