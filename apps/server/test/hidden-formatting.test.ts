import fs from 'node:fs';
import path from 'node:path';
import {
  API,
  type AddSongResult,
  type OnelinerList,
  type RecentComments,
  type SongDetail,
  type Thread,
} from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { makeTone, tempDir } from './helpers/audio.js';
import {
  bearer,
  createSong,
  createUser,
  makePlayable,
  quickUser,
  uniqueName,
} from './helpers/factories.js';
import { multipartBody } from './helpers/multipart.js';
import { createTestApp } from './helpers/test-app.js';

/*
 * Bidirectional overrides and invisible characters sent in a name or a text are neither
 * stored nor shown: a right-to-left override cannot turn a chat line or a title around, a
 * zero-width space cannot make a lookalike. Emoji sequences keep their joiners.
 */

/** Every kind of hidden formatting the server removes, around and inside `text`. */
const hide = (text: string) =>
  `\u202e\u200b${text.slice(0, 2)}\u2066\u2060${text.slice(2)}\u202c\ufeff\u2069\u200d`;
const EMOJI = '👩\u200d💻';

let app: App;
let listener: { id: number; token: string };
let other: { id: number; token: string };
let songId: number;

beforeAll(async () => {
  app = await createTestApp();
  listener = await quickUser(app);
  other = await quickUser(app);
  songId = await createSong(app, { artists: [uniqueName('Artist')], platform: 'Lab' });
  await makePlayable(app, songId);
});

const post = (url: string, payload: Record<string, unknown>, token = listener.token) =>
  app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe('hidden formatting is stripped from what listeners send', () => {
  it('a song title: stored and shown without it, so a lookalike is the same song', async () => {
    const artist = await app.ctx.db
      .selectFrom('song_artists')
      .select('artist_id')
      .where('song_id', '=', songId)
      .executeTakeFirstOrThrow();
    const added = await post(API.addSong.path(), {
      artist_id: artist.artist_id,
      title: hide('Mirror Tune'),
      platform: 'Lab',
    });
    expect(added.statusCode, added.body).toBe(201);
    const { song_id } = added.json<AddSongResult>();
    const row = await app.ctx.db
      .selectFrom('songs')
      .select('title')
      .where('id', '=', song_id)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('Mirror Tune');
    // As its adder sees it while it waits for review.
    const shown = await app.inject({
      url: API.song.path({ id: song_id }),
      headers: bearer(listener.token),
    });
    expect(shown.json<SongDetail>().song.title).toBe('Mirror Tune');

    const lookalike = await post(
      API.addSong.path(),
      { artist_id: artist.artist_id, title: 'Mirror\u200b Tune\u200b', platform: 'Lab' },
      other.token,
    );
    expect(lookalike.statusCode).toBe(409);
    expect(lookalike.json<{ song_id: number }>().song_id).toBe(song_id);
  });

  it('a chat line, with the joiners of an emoji sequence kept', async () => {
    const res = await post(API.oneliner.path(), { message: `${hide('on air now')} ${EMOJI}` });
    expect(res.statusCode, res.body).toBe(200);
    const row = await app.ctx.db
      .selectFrom('oneliner_messages')
      .select('message')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.message).toBe(`on air now ${EMOJI}`);
    const shown = (await app.inject({ url: API.oneliner.path() })).json<OnelinerList>();
    expect(shown.messages[0]!.message).toBe(`on air now ${EMOJI}`);
  });

  it('a private message', async () => {
    const res = await post(API.messages.path(), { to_uid: other.id, message: hide('see you') });
    expect(res.statusCode, res.body).toBe(200);
    const row = await app.ctx.db
      .selectFrom('private_messages')
      .select('message')
      .where('from_id', '=', listener.id)
      .executeTakeFirstOrThrow();
    expect(row.message).toBe('see you');
    const thread = await app.inject({
      url: `${API.messages.path()}?with=${listener.id}`,
      headers: bearer(other.token),
    });
    expect(thread.json<Thread>().messages.map((m) => m.message)).toEqual(['see you']);
  });

  it('a comment', async () => {
    const res = await post(API.songComment.path({ id: songId }), { comment: hide('great mix') });
    expect(res.statusCode, res.body).toBe(200);
    const row = await app.ctx.db
      .selectFrom('comments')
      .select('comment')
      .where('song_id', '=', songId)
      .executeTakeFirstOrThrow();
    expect(row.comment).toBe('great mix');
    const recent = (await app.inject({ url: API.recentComments.path() })).json<RecentComments>();
    expect(recent.comments.find((c) => c.song.id === songId)?.comment).toBe('great mix');
  });

  it('a text of nothing but hidden formatting is as empty as it looks', async () => {
    const res = await post(API.oneliner.path(), { message: '\u202e\u200b\u2066\ufeff' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('Message must not be empty.');
  });

  it('an uploaded file’s name', async () => {
    const staff = await quickUser(app, 'helper');
    const folder = tempDir('queuecast-hidden-');
    const tone = await makeTone(app.ctx.media.tools.ffmpeg, path.join(folder, 'tone.mp3'), {
      seconds: 1,
    });
    const target = await createSong(app);
    // As a browser sends a name that is not ASCII: its UTF-8 bytes in the header.
    const form = multipartBody([
      { name: 'songid', value: String(target) },
      { name: 'file', filename: 'tune\u202egpj.mp3', content: fs.readFileSync(tone) },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: API.upload.path(),
      headers: { ...bearer(staff.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await app.ctx.db
      .selectFrom('files')
      .select('filename')
      .where('song_id', '=', target)
      .executeTakeFirstOrThrow();
    expect(row.filename).toBe('tunegpj.mp3');
  });

  it('a password is kept as typed: it is never shown, and must match what was set', async () => {
    const password = 'pass\u200bword';
    const user = await createUser(app, { password });
    const login = (pw: string) =>
      app.inject({
        method: 'POST',
        url: API.login.path(),
        payload: { username: user.user.username, password: pw },
      });
    expect((await login(password)).statusCode).toBe(200);
    expect((await login('password')).statusCode).toBe(401);
  });
});
