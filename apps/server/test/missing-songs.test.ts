import type { MissingSongs } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import {
  bearer,
  createFile,
  createSong,
  makePlayable,
  quickUser,
  uniqueName,
} from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

let app: App;
let helper: { id: number; token: string };
beforeAll(async () => {
  app = await createTestApp();
  helper = await quickUser(app, 'helper');
});

const list = (token: string | undefined, query: Record<string, string | number> = {}) => {
  const params = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return app.inject({
    url: `/api/songs/without-files?${params.toString()}`,
    headers: token ? bearer(token) : {},
  });
};
const page = async (query: Record<string, string | number>) => {
  const res = await list(helper.token, query);
  expect(res.statusCode).toBe(200);
  return res.json<MissingSongs>();
};
const setSong = (id: number, values: { status?: string; reviewed?: number }) =>
  app.ctx.db.updateTable('songs').set(values).where('id', '=', id).execute();

describe('GET /api/songs/without-files', () => {
  it('is for staff only: 401 anonymous, 403 a listener', async () => {
    const listener = await quickUser(app);
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(listener.token)).statusCode).toBe(403);
    for (const role of ['helper', 'moderator', 'admin']) {
      const staff = await quickUser(app, role);
      expect((await list(staff.token)).statusCode, role).toBe(200);
    }
  });

  it('refuses a bad page or limit with a message', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ page: 0 }, 'page must be at least 1'],
      [{ page: 'x' }, 'page must be a number.'],
      [{ limit: 0 }, 'limit must be at least 1'],
      [{ limit: 201 }, 'limit must be at most 200'],
      [{ limit: 2.5 }, 'limit must be a whole number.'],
    ];
    for (const [query, error] of cases) {
      const res = await list(helper.token, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json<{ error: string }>().error).toBe(error);
    }
  });

  it('pages by title then id: 120 songs in pages of 50 are 3 pages, the last of 20', async () => {
    const platform = uniqueName('Plat');
    const artist = uniqueName('Artist');
    const ids: number[] = [];
    // Created in reverse so that title order is not id order.
    for (let i = 119; i >= 0; i--) {
      ids[i] = await createSong(app, {
        title: `Tune ${String(i).padStart(3, '0')}`,
        platform,
        artists: [artist],
      });
    }
    const twin = await createSong(app, { title: 'Tune 000', platform, artists: [artist] });

    const first = await page({ platform });
    expect(first.pagination).toEqual({ page: 1, limit: 50, totalSongs: 121, totalPages: 3 });
    expect(first.songs.slice(0, 3).map((s) => s.id)).toEqual([ids[0], twin, ids[1]]);
    expect(first.songs[0]).toEqual({
      id: ids[0],
      title: 'Tune 000',
      artist_name: artist,
      platform,
      status: 'missing_file',
    });

    await makePlayable(app, twin);
    const pages = [];
    for (const n of [1, 2, 3]) pages.push(await page({ platform, page: n, limit: 50 }));
    expect(pages.map((p) => p.songs.length)).toEqual([50, 50, 20]);
    expect(pages.flatMap((p) => p.songs.map((s) => s.id))).toEqual(ids);
    expect(pages[2]!.pagination).toEqual({ page: 3, limit: 50, totalSongs: 120, totalPages: 3 });

    const past = await page({ platform, page: 4, limit: 50 });
    expect(past.songs).toEqual([]);
    expect(past.pagination).toEqual({ page: 4, limit: 50, totalSongs: 120, totalPages: 3 });
    expect((await page({ platform, limit: 120 })).pagination.totalPages).toBe(1);
  });

  it('lists every song with no approved file: missing, in review, or with only a pending upload', async () => {
    const tok = uniqueName('miss');
    const song = (label: string) => createSong(app, { title: `${tok} ${label}` });
    const missing = await song('a missing');
    const playing = await song('b playing');
    await makePlayable(app, playing);
    const uploaded = await song('c uploaded');
    await createFile(app, { songId: uploaded, pending: true });
    await setSong(uploaded, { status: 'review' });
    const proposed = await song('d proposed');
    await setSong(proposed, { status: 'review', reviewed: 0 });
    const proposedWithFile = await song('e proposed with a file');
    await createFile(app, { songId: proposedWithFile });
    await setSong(proposedWithFile, { status: 'review', reviewed: 0 });

    const { songs, pagination } = await page({ q: tok });
    expect(songs.map((s) => [s.id, s.status])).toEqual([
      [missing, 'missing_file'],
      [uploaded, 'review'],
      [proposed, 'review'],
    ]);
    expect(pagination).toEqual({ page: 1, limit: 50, totalSongs: 3, totalPages: 1 });
  });

  it('filters by part of the title or an artist name, any case, and by exact platform', async () => {
    const tok = uniqueName('flt');
    const [p1, p2] = [uniqueName('Plat'), uniqueName('Plat')];
    const byTitle = await createSong(app, { title: `Big ${tok} Song`, platform: p1 });
    const byArtist = await createSong(app, {
      title: 'Plain',
      artists: ['Someone', `DJ ${tok.toUpperCase()}`],
      platform: p2,
    });
    const literal = await createSong(app, { title: `100%_${tok}`, platform: p1 });
    await createSong(app, { title: '100xx', platform: p1 });

    const ids = async (query: Record<string, string>) => (await page(query)).songs.map((s) => s.id);
    expect(await ids({ q: tok.toUpperCase() })).toEqual([literal, byTitle, byArtist]);
    expect(await ids({ q: `  ${tok}  `, platform: p1 })).toEqual([literal, byTitle]);
    expect(await ids({ q: tok, platform: p2 })).toEqual([byArtist]);
    expect(await ids({ q: tok, platform: p2.toLowerCase() })).toEqual([]);
    expect(await ids({ q: '100%_', platform: p1 })).toEqual([literal]);
    expect(await ids({ q: tok, platform: uniqueName('nowhere') })).toEqual([]);

    const [artistSong] = (await page({ q: tok, platform: p2 })).songs;
    expect(artistSong).toEqual({
      id: byArtist,
      title: 'Plain',
      artist_name: `Someone, DJ ${tok.toUpperCase()}`,
      platform: p2,
      status: 'missing_file',
    });
    const noPlatform = await createSong(app, { title: `${tok} alone` });
    const [alone] = (await page({ q: `${tok} alone` })).songs;
    expect(alone).toMatchObject({ id: noPlatform, platform: null });
  });

  it('answers an empty list as page 1 of 1', async () => {
    const empty = await page({ q: uniqueName('none') });
    expect(empty).toEqual({
      songs: [],
      pagination: { page: 1, limit: 50, totalSongs: 0, totalPages: 1 },
    });
  });
});
