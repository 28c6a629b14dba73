import {
  API,
  type AddSongResult,
  type ArtistSuggestions,
  type PlatformNames,
  type SearchResult,
} from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, createSong, quickUser, uniqueName } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});

const addSong = (token: string | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/song',
    headers: token ? bearer(token) : {},
    payload: payload as Record<string, unknown>,
  });

/** A known artist (with one imported song) on a known platform. */
async function knownArtist(platform = uniqueName('Platform')) {
  const name = uniqueName('Artist');
  await createSong(app, { artists: [name], platform });
  const row = await app.ctx.db
    .selectFrom('artists')
    .select(['id', 'song_count'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return { id: row.id, name, platform };
}

const songRow = (id: number) =>
  app.ctx.db
    .selectFrom('songs')
    .select(['title', 'status', 'reviewed', 'added_by', 'platform_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** Songs linked to the artist, waiting for review or not. */
const songCount = async (artistId: number) =>
  Number(
    (
      await app.ctx.db
        .selectFrom('song_artists')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('artist_id', '=', artistId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The artist's kept count: approved songs only, as the artist letters show it. */
const approvedCount = async (artistId: number) =>
  (
    await app.ctx.db
      .selectFrom('artists')
      .select('song_count')
      .where('id', '=', artistId)
      .executeTakeFirstOrThrow()
  ).song_count;

describe('POST /api/song', () => {
  it('answers 401 to anonymous callers and adds nothing', async () => {
    const artist = await knownArtist();
    const res = await addSong(undefined, {
      artist_id: artist.id,
      title: 'Nobody’s',
      platform: artist.platform,
    });
    expect(res.statusCode).toBe(401);
    expect(await songCount(artist.id)).toBe(1);
  });

  it('holds a listener’s song for review and lists staff songs as missing their file', async () => {
    const artist = await knownArtist();
    const cases = [
      ['user', 'review', 0],
      ['helper', 'missing_file', 1],
      ['moderator', 'missing_file', 1],
      ['admin', 'missing_file', 1],
    ] as const;
    for (const [role, status, reviewed] of cases) {
      const caller = await quickUser(app, role);
      const title = `${role} tune`;
      const res = await addSong(caller.token, {
        artist_id: artist.id,
        title: `  ${title} `,
        platform: artist.platform,
      });
      expect(res.statusCode, role).toBe(201);
      const body = res.json<AddSongResult>();
      expect(body.status, role).toBe(status);
      expect(await songRow(body.song_id)).toMatchObject({
        title,
        status,
        reviewed,
        added_by: caller.id,
      });
    }
    expect(await songCount(artist.id)).toBe(1 + cases.length);
    // The listener's song counts for the artist once staff approve it.
    expect(await approvedCount(artist.id)).toBe(1 + cases.length - 1);
  });

  it('links the artist, so the song is found by search and on the artist page', async () => {
    const artist = await knownArtist();
    const helper = await quickUser(app, 'helper');
    const title = uniqueName('Zyxwaltz');
    const { song_id } = (
      await addSong(helper.token, { artist_id: artist.id, title, platform: artist.platform })
    ).json<AddSongResult>();
    const found = await app.inject({ url: `/api/search?q=${encodeURIComponent(title)}` });
    expect(found.json<SearchResult>().songs.map((s) => s.song.id)).toEqual([song_id]);
    const page = await app.inject({ url: `/api/artist/${artist.id}` });
    const songs = page.json<{ songs: { song: { id: number; platform: string } }[] }>().songs;
    expect(songs.map((s) => s.song.id)).toContain(song_id);
    expect(songs.find((s) => s.song.id === song_id)?.song.platform).toBe(artist.platform);
  });

  it('refuses a missing or blank field with the form’s text', async () => {
    const artist = await knownArtist();
    const listener = await quickUser(app);
    const full = { artist_id: artist.id, title: 'Song', platform: artist.platform };
    const bodies: unknown[] = [
      { title: 'Song', platform: artist.platform },
      { ...full, artist_id: null },
      { ...full, title: undefined },
      { ...full, title: '   ' },
      { ...full, platform: undefined },
      { ...full, platform: '' },
      {},
    ];
    for (const body of bodies) {
      const res = await addSong(listener.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: string }>().error, JSON.stringify(body)).toBe(
        'Please fill all fields.',
      );
    }
    expect(await songCount(artist.id)).toBe(1);
  });

  it('refuses an unknown artist or platform with the form’s texts', async () => {
    const artist = await knownArtist();
    const listener = await quickUser(app);
    const unknownArtist = await addSong(listener.token, {
      artist_id: 2 ** 31 - 2,
      title: 'Song',
      platform: artist.platform,
    });
    expect(unknownArtist.statusCode).toBe(400);
    expect(unknownArtist.json<{ error: string }>().error).toBe(
      'Please select a valid artist from the list.',
    );
    const unknownPlatform = await addSong(listener.token, {
      artist_id: artist.id,
      title: 'Song',
      platform: uniqueName('Nowhere'),
    });
    expect(unknownPlatform.statusCode).toBe(400);
    expect(unknownPlatform.json<{ error: string }>().error).toBe(
      'Please select a valid platform from the list.',
    );
    const long = await addSong(listener.token, {
      artist_id: artist.id,
      title: 'x'.repeat(301),
      platform: artist.platform,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ error: string }>().error).toBe('The title must be at most 300 characters.');
    expect(await songCount(artist.id)).toBe(1);
  });

  it('takes the platform in any letter case and files the song under the known one', async () => {
    const artist = await knownArtist(uniqueName('Amiga'));
    const listener = await quickUser(app);
    const res = await addSong(listener.token, {
      artist_id: artist.id,
      title: 'Case tune',
      platform: ` ${artist.platform.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(201);
    const platform = await app.ctx.db
      .selectFrom('platforms')
      .select('id')
      .where('name', '=', artist.platform)
      .executeTakeFirstOrThrow();
    expect((await songRow(res.json<AddSongResult>().song_id)).platform_id).toBe(platform.id);
  });

  it('refuses the same title by the same artist on the same platform, naming the song', async () => {
    const artist = await knownArtist();
    const helper = await quickUser(app, 'helper');
    const listener = await quickUser(app);
    const first = (
      await addSong(helper.token, {
        artist_id: artist.id,
        title: 'Twice Told',
        platform: artist.platform,
      })
    ).json<AddSongResult>();
    const again = await addSong(listener.token, {
      artist_id: artist.id,
      title: ' twice TOLD ',
      platform: artist.platform.toLowerCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This song already exists.', song_id: first.song_id });
    // The same title on another platform is another song (a port).
    const other = await knownArtist();
    const port = await addSong(listener.token, {
      artist_id: artist.id,
      title: 'Twice Told',
      platform: other.platform,
    });
    expect(port.statusCode).toBe(201);
    expect(await songCount(artist.id)).toBe(3);
  });
});

describe('how many songs a listener may add', () => {
  const waitingRefusal =
    'You have 5 added songs waiting for review, the most a listener may have (5). ' +
    'Add more once staff have reviewed them.';
  const addTo = (artist: { id: number; platform: string }, token: string, title = uniqueName()) =>
    addSong(token, { artist_id: artist.id, title, platform: artist.platform });

  it('a listener has at most 5 songs waiting for review; one reviewed makes room', async () => {
    const artist = await knownArtist();
    const listener = await quickUser(app);
    const helper = await quickUser(app, 'helper');
    const added: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await addTo(artist, listener.token);
      expect(res.statusCode, res.body).toBe(201);
      added.push(res.json<AddSongResult>().song_id);
    }
    const refused = await addTo(artist, listener.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: waitingRefusal });
    expect(await songCount(artist.id)).toBe(1 + 5);
    // Another listener is not held by it.
    expect((await addTo(artist, (await quickUser(app)).token)).statusCode).toBe(201);

    const approve = await app.inject({
      method: 'PUT',
      url: API.reviewApprove.path({ id: added[0]! }),
      headers: bearer(helper.token),
    });
    expect(approve.statusCode).toBe(200);
    expect((await addTo(artist, listener.token)).statusCode).toBe(201);
    expect((await addTo(artist, listener.token)).statusCode).toBe(429);
    const reject = await app.inject({
      method: 'PUT',
      url: API.reviewReject.path({ id: added[1]! }),
      headers: bearer(helper.token),
    });
    expect(reject.statusCode).toBe(200);
    expect((await addTo(artist, listener.token)).statusCode).toBe(201);
  });

  it('holds when one listener sends several at once', async () => {
    const artist = await knownArtist();
    const listener = await quickUser(app);
    for (let i = 0; i < 4; i++) expect((await addTo(artist, listener.token)).statusCode).toBe(201);
    const burst = await Promise.all(Array.from({ length: 4 }, () => addTo(artist, listener.token)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 429, 429, 429]);
    const waiting = await app.ctx.db
      .selectFrom('songs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('added_by', '=', listener.id)
      .where('reviewed', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(waiting.n)).toBe(5);
  });

  it('a listener adds at most 10 songs an hour, reviewed or not; staff are held by neither', async () => {
    const artist = await knownArtist();
    const listener = await quickUser(app);
    const helper = await quickUser(app, 'helper');
    for (let i = 0; i < 10; i++) {
      const res = await addTo(artist, listener.token);
      expect(res.statusCode, res.body).toBe(201);
      // Approved at once: only the hourly limit is left to stop them.
      const approve = await app.inject({
        method: 'PUT',
        url: API.reviewApprove.path({ id: res.json<AddSongResult>().song_id }),
        headers: bearer(helper.token),
      });
      expect(approve.statusCode).toBe(200);
    }
    const refused = await addTo(artist, listener.token);
    expect(refused.statusCode).toBe(429);
    const body = refused.json<{ error: string; retry_after: number }>();
    expect(body.error).toMatch(/^You're adding songs too fast\. Wait \d+ /);
    expect(body.retry_after).toBeGreaterThan(3500);

    for (let i = 0; i < 12; i++) {
      const res = await addTo(artist, helper.token);
      expect(res.statusCode, res.body).toBe(201);
    }
  });
});

describe('GET /api/songs/platforms', () => {
  it('answers 401 to anonymous callers, every platform name alphabetically to anyone else', async () => {
    expect((await app.inject({ url: '/api/songs/platforms' })).statusCode).toBe(401);
    await createSong(app, { platform: 'zx Spectrum' });
    await createSong(app, { platform: 'Amiga' });
    await createSong(app, { platform: 'c64' });
    for (const role of ['user', 'helper', 'moderator', 'admin']) {
      const caller = await quickUser(app, role);
      const res = await app.inject({ url: '/api/songs/platforms', headers: bearer(caller.token) });
      expect(res.statusCode, role).toBe(200);
      const { platforms } = res.json<PlatformNames>();
      expect(platforms).toEqual(expect.arrayContaining(['Amiga', 'c64', 'zx Spectrum']));
      const lower = platforms.map((p) => p.toLowerCase());
      expect(lower).toEqual([...lower].sort());
    }
  });
});

describe('GET /api/search/artists', () => {
  const suggest = async (q: string, limit?: number, token?: string) => {
    const query = new URLSearchParams({
      q,
      ...(limit === undefined ? {} : { limit: String(limit) }),
    });
    const res = await app.inject({
      url: `/api/search/artists?${query.toString()}`,
      headers: token ? bearer(token) : {},
    });
    return res;
  };
  const names = async (q: string, limit?: number) =>
    (await suggest(q, limit)).json<ArtistSuggestions>().artists.map((a) => a.name);

  it('lists names starting with the text first, then names containing it, ignoring case', async () => {
    const tag = uniqueName('qx').toLowerCase().replace('_', '');
    const starting = [`${tag} Beta`, `${tag.toUpperCase()} alpha`];
    const containing = [`The ${tag}s`, `Also ${tag}`];
    for (const name of [...starting, ...containing, 'Unrelated Band']) {
      await createSong(app, { artists: [name] });
    }
    expect(await names(tag.toUpperCase())).toEqual([
      `${tag.toUpperCase()} alpha`,
      `${tag} Beta`,
      `Also ${tag}`,
      `The ${tag}s`,
    ]);
    expect(await names(tag, 3)).toEqual([
      `${tag.toUpperCase()} alpha`,
      `${tag} Beta`,
      `Also ${tag}`,
    ]);
    expect(await names(`${tag} b`)).toEqual([`${tag} Beta`]);
    const listener = await quickUser(app);
    const signedIn = await suggest(tag, 1, listener.token);
    expect(signedIn.statusCode).toBe(200);
    const first = signedIn.json<ArtistSuggestions>().artists[0]!;
    expect(first.name).toBe(`${tag.toUpperCase()} alpha`);
    const row = await app.ctx.db
      .selectFrom('artists')
      .select('id')
      .where('name', '=', first.name)
      .executeTakeFirstOrThrow();
    expect(first.id).toBe(row.id);
  });

  it('takes % and _ literally', async () => {
    const tag = uniqueName('pct').replace('_', '');
    await createSong(app, { artists: [`${tag} 100% Pure`, `${tag} 100 Proof`, `${tag} A_B`] });
    expect(await names(`${tag} 100%`)).toEqual([`${tag} 100% Pure`]);
    expect(await names('100% p')).toEqual([`${tag} 100% Pure`]);
    expect(await names(`${tag} a_`)).toEqual([`${tag} A_B`]);
  });

  it('refuses a blank text or a limit out of range', async () => {
    for (const [q, limit] of [
      ['  ', undefined],
      ['abc', 0],
      ['abc', 21],
    ] as const) {
      const res = await suggest(q, limit);
      expect(res.statusCode, `${q} ${limit}`).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/q is required|limit must be/);
    }
    expect((await app.inject({ url: '/api/search/artists' })).statusCode).toBe(400);
  });
});
