import type { AddSongResult } from '@queuecast/contract';
import type { App } from '../../src/app.js';
import { bearer, createSong, quickUser, uniqueName } from './factories.js';

export type Caller = { id: number; token: string } | null;

/**
 * The four kinds of viewer a song waiting for review is told apart by: an anonymous visitor,
 * a listener who did not add it, the listener who added it, and staff.
 */
export interface Viewers {
  anonymous: null;
  other: { id: number; token: string };
  adder: { id: number; token: string };
  staff: { id: number; token: string };
}

export async function viewers(app: App): Promise<Viewers> {
  return {
    anonymous: null,
    other: await quickUser(app),
    adder: await quickUser(app),
    staff: await quickUser(app, 'helper'),
  };
}

/** GET as the caller, answering the status and the parsed body. */
export async function getAs<T = unknown>(app: App, url: string, caller: Caller) {
  const res = await app.inject({ url, headers: caller ? bearer(caller.token) : {} });
  return { status: res.statusCode, body: res.json<T>() };
}

/**
 * A public artist (one imported song) on a platform of its own, and a song the listener adds
 * for it through the add-song form: it waits for review.
 */
export async function pendingSong(app: App, adder: { token: string }) {
  const platform = uniqueName('Platform');
  const artist = uniqueName('Zqartist');
  const publicId = await createSong(app, {
    title: uniqueName('Zqpublic'),
    artists: [artist],
    platform,
  });
  const artistId = (
    await app.ctx.db
      .selectFrom('artists')
      .select('id')
      .where('name', '=', artist)
      .executeTakeFirstOrThrow()
  ).id;
  const title = uniqueName('Zqwaiting');
  const res = await app.inject({
    method: 'POST',
    url: '/api/song',
    headers: bearer(adder.token),
    payload: { artist_id: artistId, title, platform },
  });
  if (res.statusCode !== 201) throw new Error(`add song: ${res.statusCode} ${res.body}`);
  return { songId: res.json<AddSongResult>().song_id, title, artistId, platform, publicId };
}

/**
 * An artist whose only song waits for review. The add-song form offers a listener only
 * artists they see, so such an artist is written here as an import and the add-song service
 * would write them: the artist, then the listener's song for it.
 */
export async function loneArtistSong(app: App, adder: { id: number }, letter = 'Q') {
  const name = `${letter}${uniqueName('zlone')}`;
  const now = Math.floor(Date.now() / 1000);
  const db = app.ctx.db;
  const artistId = await app.ctx.repos.library.ensureArtist(db, name, null, now);
  const platformId = await app.ctx.repos.library.ensurePlatform(db, uniqueName('P'), 'P', now);
  const songId = await app.ctx.repos.songEntry.insertSong(
    {
      title: uniqueName('Zqlonely'),
      platform_id: platformId,
      status: 'review',
      reviewed: 0,
      added_by: adder.id,
      created_at: now,
    },
    artistId,
  );
  await app.ctx.repos.search.index(songId);
  return { name, artistId, songId };
}
