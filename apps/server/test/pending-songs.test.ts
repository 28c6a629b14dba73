import type {
  ArtistLetterList,
  ArtistSongs,
  ArtistSuggestions,
  Platform,
  PlatformSongs,
  SearchResult,
  SongDetail,
} from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer } from './helpers/factories.js';
import {
  getAs,
  loneArtistSong,
  pendingSong,
  viewers,
  type Caller,
  type Viewers,
} from './helpers/pending-song.js';
import { createTestApp } from './helpers/test-app.js';

// A song a listener added is out of the public catalogue until staff approve it: anonymous
// visitors and other listeners do not see it anywhere, staff and its adder do.

let app: App;
let who: Viewers;
beforeAll(async () => {
  app = await createTestApp();
  who = await viewers(app);
});

/** [viewer, sees a waiting song] for each kind of viewer. */
const cases = (): [string, Caller, boolean][] => [
  ['an anonymous visitor', who.anonymous, false],
  ['another listener', who.other, false],
  ['its adder', who.adder, true],
  ['staff', who.staff, true],
];

const searchIds = async (q: string, caller: Caller) =>
  (await getAs<SearchResult>(app, `/api/search?q=${q}`, caller)).body.songs.map((s) => s.song.id);

const approve = (songId: number) =>
  app.inject({
    method: 'PUT',
    url: `/api/review/${songId}/approve`,
    headers: bearer(who.staff.token),
  });

const artistCount = async (artistId: number) =>
  (
    await app.ctx.db
      .selectFrom('artists')
      .select('song_count')
      .where('id', '=', artistId)
      .executeTakeFirstOrThrow()
  ).song_count;

describe('a song waiting for review', () => {
  it('is found by search, on its artist and platform pages, by staff and its adder only', async () => {
    const song = await pendingSong(app, who.adder);
    for (const [name, caller, sees] of cases()) {
      expect((await searchIds(song.title, caller)).includes(song.songId), name).toBe(sees);
      const artist = await getAs<ArtistSongs>(app, `/api/artist/${song.artistId}`, caller);
      expect(artist.status, name).toBe(200);
      const onArtist = artist.body.songs.map((s) => s.song.id);
      expect(onArtist, name).toEqual(sees ? [song.publicId, song.songId] : [song.publicId]);
      const url = `/api/platforms/${encodeURIComponent(song.platform)}`;
      const platform = await getAs<PlatformSongs>(app, url, caller);
      expect(platform.body.songs.map((s) => s.song.id).includes(song.songId), name).toBe(sees);
      expect(platform.body.total_count, name).toBe(sees ? 2 : 1);
    }
  });

  it('answers its page to staff and its adder, 404 with the usual text to anyone else', async () => {
    const song = await pendingSong(app, who.adder);
    for (const [name, caller, sees] of cases()) {
      const page = await getAs<SongDetail & { error?: string }>(
        app,
        `/api/song/${song.songId}`,
        caller,
      );
      expect(page.status, name).toBe(sees ? 200 : 404);
      if (sees) expect(page.body.song).toMatchObject({ title: song.title, status: 'review' });
      else expect(page.body).toEqual({ error: 'Song not found.' });
    }
  });

  it('is not counted for its artist or platform until approved, then is for everyone', async () => {
    const song = await pendingSong(app, who.adder);
    const platformCount = async () =>
      (await getAs<{ platforms: Platform[] }>(app, '/api/platforms', null)).body.platforms.find(
        (p) => p.name === song.platform,
      )?.song_count;
    expect(await artistCount(song.artistId)).toBe(1);
    expect(await platformCount()).toBe(1);
    expect((await approve(song.songId)).statusCode).toBe(200);
    expect(await artistCount(song.artistId)).toBe(2);
    expect(await platformCount()).toBe(2);
    for (const [name, caller] of cases()) {
      expect((await searchIds(song.title, caller)).includes(song.songId), name).toBe(true);
      expect((await getAs(app, `/api/song/${song.songId}`, caller)).status, name).toBe(200);
    }
  });

  it('is gone for everyone once rejected, its artist’s count as it was', async () => {
    const song = await pendingSong(app, who.adder);
    const rejected = await app.inject({
      method: 'PUT',
      url: `/api/review/${song.songId}/reject`,
      headers: bearer(who.staff.token),
    });
    expect(rejected.statusCode).toBe(200);
    expect(await artistCount(song.artistId)).toBe(1);
    for (const [name, caller] of cases()) {
      expect(await searchIds(song.title, caller), name).toEqual([]);
      expect((await getAs(app, `/api/song/${song.songId}`, caller)).status, name).toBe(404);
    }
  });
});

describe('an artist whose only song waits for review', () => {
  it('is listed under its letter, has a page and is suggested to staff and the adder only', async () => {
    const lone = await loneArtistSong(app, who.adder);
    const prefix = lone.name.slice(0, 8);
    for (const [name, caller, sees] of cases()) {
      const letter = await getAs<ArtistLetterList>(app, '/api/artists/Q', caller);
      const listed = Object.values(letter.body).find((a) => a.id === lone.artistId);
      expect(listed !== undefined, name).toBe(sees);
      const page = await getAs<ArtistSongs>(app, `/api/artist/${lone.artistId}`, caller);
      expect(page.status, name).toBe(sees ? 200 : 404);
      if (sees) expect(page.body.songs.map((s) => s.song.id)).toEqual([lone.songId]);
      const url = `/api/search/artists?q=${encodeURIComponent(prefix)}`;
      const suggested = await getAs<ArtistSuggestions>(app, url, caller);
      expect(
        suggested.body.artists.some((a) => a.id === lone.artistId),
        name,
      ).toBe(sees);
    }
  });

  it('is listed for everyone once its song is approved, its count with it', async () => {
    const lone = await loneArtistSong(app, who.adder);
    // The letters are kept built: this one is built for everyone before the approval.
    const before = await getAs<ArtistLetterList>(app, '/api/artists/Q', null);
    expect(Object.values(before.body).some((a) => a.id === lone.artistId)).toBe(false);
    expect((await approve(lone.songId)).statusCode).toBe(200);
    for (const [name, caller] of cases()) {
      const letter = await getAs<ArtistLetterList>(app, '/api/artists/Q', caller);
      const listed = Object.values(letter.body).find((a) => a.id === lone.artistId);
      expect(listed, name).toMatchObject({ song_count: 1 });
    }
  });

  it('is no suggestion when another listener adds a song, nor can they add one for it', async () => {
    const lone = await loneArtistSong(app, who.adder);
    const res = await app.inject({
      method: 'POST',
      url: '/api/song',
      headers: bearer(who.other.token),
      payload: { artist_id: lone.artistId, title: 'Mine now', platform: 'anything' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Please select a valid artist from the list.' });
  });
});
