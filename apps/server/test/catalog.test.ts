import {
  ArtistLetterListSchema,
  ArtistSongsSchema,
  PlatformListSchema,
  PlatformSongsSchema,
  SearchResultSchema,
  SongDetailSchema,
  TagSongsSchema,
} from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, createSong, createUser, makePlayable, uniqueName } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

let app: App;
const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

let ids: Record<string, number>;
beforeAll(async () => {
  app = await createTestApp();
  ids = {
    amiga: await createSong(app, {
      title: 'Amiga Dreams',
      artists: [{ name: 'Élan Vital', countryCode: 'FI' }],
      platform: 'Amiga',
      tags: ['chiptune', 'happy'],
    }),
    amigaSad: await createSong(app, {
      title: 'Blue Copper',
      artists: ['Élan Vital', 'Jester'],
      platform: 'Amiga',
      tags: ['chiptune', 'sad'],
    }),
    c64: await createSong(app, {
      title: 'Zero Gravity',
      artists: ['4mat'],
      platform: 'Commodore 64',
      tags: ['chiptune', 'happy', 'fast'],
    }),
    other: await createSong(app, {
      title: "Robert'); DROP TABLE songs;--",
      artists: ['!Tuna'],
      tags: ['odd'],
    }),
  };
});

describe('GET /api/song/:id', () => {
  it('answers the full song page in the contract shape', async () => {
    const res = await get(`/api/song/${ids.c64}`);
    expect(res.statusCode).toBe(200);
    const body = SongDetailSchema.parse(res.json());
    expect(body.song).toMatchObject({
      id: ids.c64,
      title: 'Zero Gravity',
      artist: '4mat',
      platform: 'Commodore 64',
      platform_brief: 'C6',
      avg_vote: null,
      vote_count: 0,
      recently_played: false,
      status: 'missing_file',
      filename: null,
    });
    expect(body.tags).toEqual(['chiptune', 'fast', 'happy']);
    expect(body.relatedTags).toMatchObject({ sad: 1 });
    expect(Object.keys(body.relatedTags)).not.toContain('happy');
    expect(body.song.user_vote).toBeUndefined();
    expect(body.comments).toEqual([]);
  });

  it('lists the artists in credit order, not by name', async () => {
    const id = await createSong(app, { title: 'Duet', artists: ['Zed Second', 'Abe First'] });
    const body = SongDetailSchema.parse((await get(`/api/song/${id}`)).json());
    expect(body.song.artist).toBe('Zed Second, Abe First');
  });

  it("names the song's file", async () => {
    const id = await createSong(app, { title: 'Filed Away', artists: ['Archivist'] });
    await makePlayable(app, id);
    const body = SongDetailSchema.parse((await get(`/api/song/${id}`)).json());
    expect(body.song).toMatchObject({ filename: `${id}.mp3`, has_file: true, status: 'active' });
  });

  it('404 for an unknown id, 400 for a bad one', async () => {
    expect((await get('/api/song/999999')).json()).toEqual({ error: 'Song not found.' });
    expect((await get('/api/song/999999')).statusCode).toBe(404);
    expect((await get('/api/song/abc')).statusCode).toBe(400);
    expect((await get('/api/song/-1')).statusCode).toBe(400);
  });
});

describe('artists', () => {
  it('lists an artist with songs and country code', async () => {
    const letter = ArtistLetterListSchema.parse((await get('/api/artists/E')).json());
    const elan = letter['elan-vital']!;
    expect(elan).toMatchObject({ name: 'Élan Vital', countrycode: 'FI', song_count: 2 });
    const artist = ArtistSongsSchema.parse((await get(`/api/artist/${elan.id}`)).json());
    expect(artist.artist).toBe('Élan Vital');
    expect(artist.songs.map((s) => s.song.title)).toEqual(['Amiga Dreams', 'Blue Copper']);
    expect(artist.songs[1]!.song.artists).toEqual({
      [String(elan.id)]: 'Élan Vital',
      [String(Object.keys(artist.songs[1]!.song.artists)[1])]: 'Jester',
    });
  });

  it('buckets digits and other characters, accepts lower case, refuses others', async () => {
    const names = async (letter: string) =>
      Object.values(ArtistLetterListSchema.parse((await get(`/api/artists/${letter}`)).json())).map(
        (a) => a.name,
      );
    expect(await names('0-9')).toContain('4mat');
    expect(await names('-')).toContain('!Tuna');
    expect(Object.keys((await get('/api/artists/j')).json())).toContain('jester');
    const bad = await get('/api/artists/AB');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('letter must be one of A-Z, 0-9 or -.');
    expect((await get('/api/artist/424242')).statusCode).toBe(404);
  });

  it('keeps a letter built until one of its artists changes, by any way into the database', async () => {
    const letter = async (l: string) => {
      const res = await get(`/api/artists/${l}`);
      expect(res.headers['content-type']).toContain('application/json');
      return ArtistLetterListSchema.parse(res.json());
    };
    const before = await letter('Q');
    const db = app.ctx.db;
    // Written straight to the database, as another node or a command-line import would.
    const { id } = await db
      .insertInto('artists')
      .values({ handle: 'quartet', name: 'Quartet', letter: 'Q', song_count: 1, created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await letter('Q')).quartet).toEqual({
      id,
      name: 'Quartet',
      countrycode: null,
      song_count: 1,
    });
    expect(Object.keys(await letter('Q'))).toHaveLength(Object.keys(before).length + 1);

    await db
      .updateTable('artists')
      .set({ song_count: 3, country_code: 'SE' })
      .where('id', '=', id)
      .execute();
    expect((await letter('Q')).quartet).toMatchObject({ countrycode: 'SE', song_count: 3 });

    // Renamed into another letter: gone from the first, listed under the second.
    const rBefore = await letter('R');
    await db
      .updateTable('artists')
      .set({ name: 'Rondo', handle: 'rondo', letter: 'R' })
      .where('id', '=', id)
      .execute();
    expect((await letter('Q')).quartet).toBeUndefined();
    expect((await letter('R')).rondo).toMatchObject({ id, name: 'Rondo' });

    await db.deleteFrom('artists').where('id', '=', id).execute();
    expect(await letter('R')).toEqual(rBefore);
  });

  it("answers a letter's artists in the database's name order, every name escaped as JSON", async () => {
    const db = app.ctx.db;
    const names = [
      'Xenon "Quoted"',
      'Xenon back\\slash',
      'Xenon tab\there',
      'Xenon line\nbreak',
      'Xenon </script><b>',
      'Xenon ünïcødé 🎵',
      'Xylo',
      'xylo lower',
      'Xenon',
      'Xenon',
    ];
    for (const [i, name] of names.entries()) {
      await db
        .insertInto('artists')
        .values({
          handle: `x-escape-${i}`,
          name,
          letter: 'X',
          song_count: i === 6 ? 0 : i + 1,
          country_code: i % 3 === 0 ? null : 'FI',
          created_at: 1,
        })
        .execute();
    }
    const res = await get('/api/artists/X');
    // The body is JSON whatever the names hold.
    const body = JSON.parse(res.body) as Record<string, unknown>;
    ArtistLetterListSchema.parse(body);
    // Everyone's list: the artists with approved songs, in the order the database sorts names.
    const expected = await db
      .selectFrom('artists')
      .select(['id', 'handle', 'name', 'country_code', 'song_count'])
      .where('letter', '=', 'X')
      .where('song_count', '>', 0)
      .orderBy('name')
      .orderBy('id')
      .execute();
    expect(expected.length).toBeGreaterThanOrEqual(names.length - 1);
    expect(Object.entries(body)).toEqual(
      expected.map((a) => [
        a.handle,
        { id: a.id, name: a.name, countrycode: a.country_code, song_count: a.song_count },
      ]),
    );
    // Staff also see the artist without an approved song.
    const admin = await createUser(app, { role: 'admin' });
    const staff = JSON.parse((await get('/api/artists/X', admin.token)).body) as object;
    expect(Object.keys(staff)).toHaveLength(expected.length + 1);
    expect(staff).toHaveProperty('x-escape-6');
    await db.deleteFrom('artists').where('handle', 'like', 'x-escape-%').execute();
  });
});

describe('platforms', () => {
  it('lists platforms with counts and pages their songs', async () => {
    const list = PlatformListSchema.parse((await get('/api/platforms')).json()).platforms;
    expect(list.find((p) => p.name === 'Amiga')).toMatchObject({ song_count: 2 });
    const page1 = PlatformSongsSchema.parse((await get('/api/platforms/Amiga?limit=1')).json());
    expect(page1.total_count).toBe(2);
    expect(page1.songs.map((s) => s.song.title)).toEqual(['Amiga Dreams']);
    const page2 = PlatformSongsSchema.parse(
      (await get('/api/platforms/Amiga?limit=1&offset=1')).json(),
    );
    expect(page2.songs.map((s) => s.song.title)).toEqual(['Blue Copper']);
    const encoded = await get(`/api/platforms/${encodeURIComponent('Commodore 64')}`);
    expect(encoded.json().songs).toHaveLength(1);
  });

  it('400 for bad paging, 404 for an unknown platform', async () => {
    for (const q of ['offset=-1', 'offset=x', 'limit=0', 'limit=10001']) {
      const res = await get(`/api/platforms/Amiga?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await get('/api/platforms/Spectrum')).statusCode).toBe(404);
  });
});

describe('tags', () => {
  it('counts tags for the cloud', async () => {
    const cloud = (await get('/api/tags')).json();
    expect(cloud).toMatchObject({ chiptune: 3, happy: 2, sad: 1, fast: 1, odd: 1 });
  });

  it('intersects comma-separated tags in the database', async () => {
    const one = TagSongsSchema.parse((await get('/api/tags/chiptune')).json());
    expect(one.total_count).toBe(3);
    expect(one.relatedTags).toEqual({ happy: 2, fast: 1, sad: 1 });
    expect(one.songs[0]!.tags).toBeDefined();
    const both = TagSongsSchema.parse((await get('/api/tags/chiptune,happy')).json());
    expect(both.total_count).toBe(2);
    expect(both.songs.map((s) => s.song.id).sort()).toEqual([ids.amiga, ids.c64].sort());
    for (const entry of both.songs)
      expect(entry.tags).toEqual(expect.arrayContaining(['chiptune', 'happy']));
    expect(both.relatedTags).toEqual({ fast: 1 });
    // Counted from the page when it holds the intersection, by the database otherwise: the same.
    const second = TagSongsSchema.parse(
      (await get('/api/tags/chiptune,happy?offset=1&limit=1')).json(),
    );
    expect(second.songs).toHaveLength(1);
    expect(second.relatedTags).toEqual({ fast: 1 });
    const three = TagSongsSchema.parse((await get('/api/tags/happy,CHIPTUNE,fast')).json());
    expect(three.songs.map((s) => s.song.id)).toEqual([ids.c64]);
    const none = TagSongsSchema.parse((await get('/api/tags/sad,fast')).json());
    expect(none.total_count).toBe(0);
    const unknown = TagSongsSchema.parse((await get('/api/tags/nosuchtag')).json());
    expect(unknown.songs).toEqual([]);
    expect((await get('/api/tags/chiptune?limit=10000')).statusCode).toBe(200);
    expect((await get('/api/tags/chiptune?limit=10001')).statusCode).toBe(400);
    expect((await get('/api/tags/,,')).json()).toEqual({ error: 'No tags selected' });
  });

  it('names a tag made after the lists first read the tags, in name order per song', async () => {
    const before = TagSongsSchema.parse((await get('/api/tags/chiptune')).json());
    expect(before.songs.map((s) => s.tags)).toContainEqual(['chiptune', 'fast', 'happy']);
    const id = await createSong(app, {
      title: 'Late Tag',
      tags: ['zesty', 'chiptune', 'brand-new'],
    });
    const after = TagSongsSchema.parse((await get('/api/tags/chiptune,zesty')).json());
    expect(after.songs.map((s) => s.tags)).toEqual([['brand-new', 'chiptune', 'zesty']]);
    expect(after.songs[0]!.song.id).toBe(id);
  });
});

describe('search', () => {
  const search = async (q: string) =>
    SearchResultSchema.parse(
      (await get(`/api/search?q=${encodeURIComponent(q)}`)).json(),
    ).songs.map((s) => s.song.id);

  it('matches prefixes, any case, with or without accents, over titles and artists', async () => {
    expect(await search('amig')).toEqual([ids.amiga]);
    expect(await search('AMIGA dre')).toEqual([ids.amiga]);
    expect(await search('elan')).toEqual(expect.arrayContaining([ids.amiga, ids.amigaSad]));
    expect(await search('Élan blue')).toEqual([ids.amigaSad]);
    expect(await search('jest')).toEqual([ids.amigaSad]);
  });

  it('treats punctuation, quotes and SQL as text', async () => {
    expect(await search("robert'); drop table")).toEqual([ids.other]);
    expect(await search('"unbalanced')).toEqual([]);
    expect(await search('*:& | !')).toEqual([]);
    expect(await search('NEAR(a b) OR c*')).toEqual([]);
    expect((await get('/api/song/' + ids.c64)).statusCode).toBe(200);
  });

  it('ranks whole words first, then the words in the order typed, then the shorter title', async () => {
    const make = (title: string) => createSong(app, { title, artists: ['Rank Tester'] });
    const prefixOnly = await make('Zyxomatic Nights');
    const wholeLong = await make('Zyxo and a very much longer title');
    const whole = await make('Zyxo Nights');
    const reversed = await make('Nights of Zyxo');
    expect(await search('zyxo')).toEqual([whole, reversed, wholeLong, prefixOnly]);
    expect(await search('zyxo nig')).toEqual([whole, reversed, prefixOnly]);
    // Only as many as asked.
    const limited = SearchResultSchema.parse((await get('/api/search?q=zyxo&limit=2')).json());
    expect(limited.songs.map((s) => s.song.id)).toEqual([whole, reversed]);
  });

  it('needs a query', async () => {
    expect((await get('/api/search')).statusCode).toBe(400);
    expect((await get('/api/search?q=%20')).statusCode).toBe(400);
  });
});

describe('votes', () => {
  const vote = (token: string, songId: number, value: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/song/${songId}/vote`,
      headers: bearer(token),
      payload: { vote: value },
    });

  it('sets, replaces and removes one vote per user, keeping the average', async () => {
    const songId = await createSong(app);
    const a = await createUser(app);
    const b = await createUser(app);
    expect((await vote(a.token, songId, 5)).json()).toMatchObject({ avg_vote: 5, vote_count: 1 });
    expect((await vote(b.token, songId, 2)).json()).toMatchObject({
      avg_vote: 3.5,
      vote_count: 2,
      total_vote_score: 7,
    });
    expect((await vote(a.token, songId, 3)).json()).toMatchObject({ avg_vote: 2.5, vote_count: 2 });
    const detail = SongDetailSchema.parse((await get(`/api/song/${songId}`, a.token)).json());
    expect(detail.song.user_vote).toBe(3);
    expect(detail.votes).toEqual(
      expect.arrayContaining([
        { username: a.user.username, vote: 3 },
        { username: b.user.username, vote: 2 },
      ]),
    );
    const votes = (await get('/api/userVotes', a.token)).json();
    expect(votes.votes[String(songId)]).toBe(3);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/song/${songId}/vote`,
      headers: bearer(a.token),
    });
    expect(removed.json()).toMatchObject({ avg_vote: 2, vote_count: 1, user_vote: null });
    expect((await get('/api/userVotes', a.token)).json().votes[String(songId)]).toBeUndefined();
  });

  it('refuses bad votes, anonymous votes and unknown songs', async () => {
    const songId = await createSong(app);
    const user = await createUser(app);
    for (const bad of [0, 6, 2.5, '3', null]) {
      const res = await vote(user.token, songId, bad);
      expect(res.statusCode, String(bad)).toBe(400);
    }
    expect((await vote(user.token, songId, 0)).json().error).toBe(
      'vote must be a whole number from 1 to 5.',
    );
    const anon = await app.inject({
      method: 'POST',
      url: `/api/song/${songId}/vote`,
      payload: { vote: 3 },
    });
    expect(anon.statusCode).toBe(401);
    expect((await vote(user.token, 987654, 3)).statusCode).toBe(404);
  });
});

describe('favourites', () => {
  it('adds and removes idempotently and lists full songs', async () => {
    const songId = await createSong(app, { title: uniqueName('Fav') });
    const user = await createUser(app);
    const add = () =>
      app.inject({
        method: 'POST',
        url: '/api/user/favorites',
        headers: bearer(user.token),
        payload: { song_id: songId },
      });
    expect((await add()).statusCode).toBe(200);
    expect((await add()).statusCode).toBe(200);
    const list = (await get('/api/user/favorites', user.token)).json().favorites;
    expect(list).toHaveLength(1);
    expect(list[0].song).toMatchObject({ id: songId, is_favorited: true });
    const detail = (await get(`/api/song/${songId}`, user.token)).json();
    expect(detail.song.is_favorited).toBe(true);
    expect(detail.favorites).toEqual([{ username: user.user.username }]);
    const del = () =>
      app.inject({
        method: 'DELETE',
        url: `/api/user/favorites/${songId}`,
        headers: bearer(user.token),
      });
    expect((await del()).statusCode).toBe(200);
    expect((await del()).statusCode).toBe(200);
    expect((await get('/api/user/favorites', user.token)).json().favorites).toEqual([]);
  });

  it('404 for an unknown song, 400 for a bad id, 401 anonymous', async () => {
    const user = await createUser(app);
    const post = (payload: object, token?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/user/favorites',
        headers: token ? bearer(token) : {},
        payload,
      });
    expect((await post({ song_id: 999999 }, user.token)).statusCode).toBe(404);
    expect((await post({ song_id: 'x' }, user.token)).statusCode).toBe(400);
    expect((await post({}, user.token)).json().error).toBe('song_id is required.');
    expect((await post({ song_id: 1 })).statusCode).toBe(401);
  });
});

describe('comments', () => {
  const comment = (token: string, songId: number, text: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/song/${songId}/comment`,
      headers: bearer(token),
      payload: { comment: text },
    });

  it('stores trimmed text, shows it on the song and in recent comments', async () => {
    const songId = await createSong(app, { title: 'Commented', artists: ['Talker'] });
    const user = await createUser(app);
    const text = '  first line\n<b>second</b> line  ';
    expect((await comment(user.token, songId, text)).statusCode).toBe(200);
    const detail = SongDetailSchema.parse((await get(`/api/song/${songId}`)).json());
    expect(detail.comments[0]).toMatchObject({
      username: user.user.username,
      comment: 'first line\n<b>second</b> line',
    });
    expect(detail.song.artist).toBe('Talker');
    const second = await createUser(app);
    expect((await comment(second.token, songId, 'later')).statusCode).toBe(200);
    const again = SongDetailSchema.parse((await get(`/api/song/${songId}`)).json());
    expect(again.comments.map((c) => [c.username, c.comment])).toEqual([
      [second.user.username, 'later'],
      [user.user.username, 'first line\n<b>second</b> line'],
    ]);
    const recent = (await get('/api/comments/recent')).json().comments;
    expect(recent[1]).toMatchObject({
      comment: 'first line\n<b>second</b> line',
      username: user.user.username,
      song: { id: songId, title: 'Commented', artist: 'Talker' },
    });
  });

  it('refuses empty, over-long, anonymous and too-fast comments', async () => {
    const songId = await createSong(app);
    const user = await createUser(app);
    expect((await comment(user.token, songId, '   ')).json().error).toBe(
      'Comment must not be empty.',
    );
    expect((await comment(user.token, songId, 'x'.repeat(2001))).statusCode).toBe(400);
    // Refused by the route's checks (400 above, 401 below): not counted against the limit. A
    // comment the service refuses is counted, like any that reached it (another account here).
    expect((await comment((await createUser(app)).token, 999999, 'hello')).statusCode).toBe(404);
    const anon = await app.inject({
      method: 'POST',
      url: `/api/song/${songId}/comment`,
      payload: { comment: 'hi' },
    });
    expect(anon.statusCode).toBe(401);
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await comment(user.token, songId, `c${i}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
