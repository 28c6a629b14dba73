import { ProfileSchema, type Profile } from '@queuecast/contract';
import { sql, type CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, createSong, createUser, quickUser, uniqueName } from './helpers/factories.js';
import { getAs, pendingSong, viewers, type Caller } from './helpers/pending-song.js';
import { createTestApp } from './helpers/test-app.js';
import { TEST_ENGINE } from './helpers/test-db.js';

// A person's public page: GET /api/profile/{username}.

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});

const url = (username: string) => `/api/profile/${encodeURIComponent(username)}`;

async function profile(username: string, caller: Caller = null): Promise<Profile> {
  const { status, body } = await getAs(app, url(username), caller);
  expect(status, JSON.stringify(body)).toBe(200);
  return ProfileSchema.parse(body);
}

const nameOf = async (id: number) => (await app.ctx.repos.users.findById(id))!.username;
const now = () => Math.floor(Date.now() / 1000);

describe('GET /api/profile/{username}', () => {
  it('answers 404 with an error for a name nobody has, and 400 for one too long', async () => {
    const missing = await app.inject({ url: url('nobody_here_at_all') });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'User not found.' });
    const long = await app.inject({ url: url('x'.repeat(33)) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ error: string }>().error).toMatch(/at most 32/);
  });

  it('shows the joined date, the role and the public activity, newest first, any case', async () => {
    const alice = await createUser(app, { username: uniqueName('Alice') });
    const me = bearer(alice.token);
    const [older, newer] = [await createSong(app, { artists: ['Zq Prof'] }), await createSong(app)];
    for (const songId of [older, newer]) {
      const fav = await app.inject({
        method: 'POST',
        url: '/api/user/favorites',
        headers: me,
        payload: { song_id: songId },
      });
      expect(fav.statusCode, fav.body).toBe(200);
    }
    const vote = await app.inject({
      method: 'POST',
      url: `/api/song/${older}/vote`,
      headers: me,
      payload: { vote: 4 },
    });
    expect(vote.statusCode, vote.body).toBe(200);
    const comment = await app.inject({
      method: 'POST',
      url: `/api/song/${older}/comment`,
      headers: me,
      payload: { comment: 'Lovely\nchip' },
    });
    expect(comment.statusCode, comment.body).toBe(200);
    const line = await app.inject({
      method: 'POST',
      url: '/api/oneliner',
      headers: me,
      payload: { message: 'hello from the profile test' },
    });
    expect(line.statusCode, line.body).toBe(200);
    await app.ctx.db
      .insertInto('queue_entries')
      .values({
        song_id: older,
        requested_by: alice.user.id,
        requested_at: now() - 60,
        state: 'played',
      })
      .execute();

    const page = await profile(alice.user.username.toUpperCase());
    expect(page.user).toEqual({
      id: alice.user.id,
      username: alice.user.username,
      role: 'user',
      joined: expect.any(Number) as number,
    });
    expect(Math.abs(page.user.joined - now())).toBeLessThan(60);
    expect(page.requests.map((r) => r.song.id)).toEqual([older]);
    expect(page.requests[0]!.song.artist).toBe('Zq Prof');
    // Added one after the other within a second: the later song id breaks the tie.
    expect(page.favorites.map((f) => f.song.id)).toEqual([newer, older]);
    expect(page.votes).toEqual([
      {
        created_at: expect.any(Number) as number,
        vote: 4,
        song: expect.objectContaining({ id: older }) as unknown,
      },
    ]);
    expect(page.comments.map((c) => c.comment)).toEqual(['Lovely\nchip']);
    expect(page.chat.map((c) => c.message)).toEqual(['hello from the profile test']);

    // Staff roles are shown as they are.
    const helper = await quickUser(app, 'helper');
    expect((await profile(await nameOf(helper.id))).user.role).toBe('helper');
  });

  it('never carries private data', async () => {
    const email = `${uniqueName('mail')}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: uniqueName('Priv'), password: 'password1', email },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { token, user } = res.json<{ token: string; user: { id: number; username: string } }>();
    const friend = await quickUser(app);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(token),
      payload: { to_uid: friend.id, message: 'a secret between us' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Not even to the user themselves.
    for (const caller of [null, friend, { id: user.id, token }]) {
      const raw = (
        await app.inject({ url: url(user.username), headers: caller ? bearer(caller.token) : {} })
      ).body;
      expect(raw).not.toContain(email);
      expect(raw).not.toContain('a secret between us');
      expect(raw).not.toMatch(/password|email|token_version|muted_until/);
    }
  });

  it('keeps each list to the newest 20', async () => {
    const bob = await quickUser(app);
    const songs: number[] = [];
    for (let i = 0; i < 25; i++) songs.push(await createSong(app));
    const start = now() - 100_000;
    const at = (i: number) => start + i * 60;
    const db = app.ctx.db;
    await db
      .insertInto('favorites')
      .values(songs.map((song_id, i) => ({ user_id: bob.id, song_id, created_at: at(i) })))
      .execute();
    await db
      .insertInto('votes')
      .values(
        songs.map((song_id, i) => ({
          user_id: bob.id,
          song_id,
          vote: 1 + (i % 5),
          created_at: at(i),
        })),
      )
      .execute();
    await db
      .insertInto('comments')
      .values(
        songs.map((song_id, i) => ({
          user_id: bob.id,
          song_id,
          comment: `c${i}`,
          created_at: at(i),
        })),
      )
      .execute();
    await db
      .insertInto('oneliner_messages')
      .values(songs.map((_, i) => ({ user_id: bob.id, message: `m${i}`, created_at: at(i) })))
      .execute();
    await db
      .insertInto('queue_entries')
      .values(
        songs.map((song_id, i) => ({
          song_id,
          requested_by: bob.id,
          requested_at: at(i),
          state: 'played',
        })),
      )
      .execute();

    const page = await profile(await nameOf(bob.id));
    const newest = [...songs].reverse().slice(0, 20);
    expect(page.favorites.map((f) => f.song.id)).toEqual(newest);
    expect(page.votes.map((v) => v.song.id)).toEqual(newest);
    expect(page.requests.map((r) => r.song.id)).toEqual(newest);
    expect(page.comments.map((c) => c.comment)).toEqual(newest.map((_, i) => `c${24 - i}`));
    expect(page.chat.map((c) => c.message)).toEqual(newest.map((_, i) => `m${24 - i}`));
    expect(page.chat[0]!.timestamp).toBe(at(24));
  });

  it('shows a song waiting for review only to staff and the listener who added it', async () => {
    const who = await viewers(app);
    const { songId, title } = await pendingSong(app, who.adder);
    const fav = await app.inject({
      method: 'POST',
      url: '/api/user/favorites',
      headers: bearer(who.adder.token),
      payload: { song_id: songId },
    });
    expect(fav.statusCode, fav.body).toBe(200);
    await app.ctx.db
      .insertInto('votes')
      .values({ user_id: who.adder.id, song_id: songId, vote: 5, created_at: now() })
      .execute();
    await app.ctx.db
      .insertInto('comments')
      .values({
        user_id: who.adder.id,
        song_id: songId,
        comment: 'mine, waiting',
        created_at: now(),
      })
      .execute();
    const name = await nameOf(who.adder.id);
    for (const [caller, sees] of [
      [who.anonymous, false],
      [who.other, false],
      [who.adder, true],
      [who.staff, true],
    ] as const) {
      const page = await profile(name, caller);
      const ids = [...page.favorites, ...page.votes, ...page.comments].map((e) => e.song.id);
      expect(ids, String(caller?.id ?? 'anonymous')).toEqual(sees ? [songId, songId, songId] : []);
      const raw = JSON.stringify(page);
      expect(raw.includes(title)).toBe(sees);
    }
  });
});

describe('the profile’s statements', () => {
  /** The plan of one statement, as the engine would run it, with sequential scans discouraged. */
  async function plan(query: { compile(): CompiledQuery }): Promise<string> {
    const compiled = query.compile();
    return app.ctx.db.transaction().execute(async (trx) => {
      if (TEST_ENGINE === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
      const explain = TEST_ENGINE === 'postgres' ? 'explain ' : 'explain query plan ';
      const { rows } = await trx.executeQuery<Record<string, unknown>>({
        ...compiled,
        sql: explain + compiled.sql,
      });
      return rows.map((r) => String(r['QUERY PLAN'] ?? r['detail'])).join('\n');
    });
  }

  it('each reads its table through an index, never the whole table', async () => {
    const user = await quickUser(app);
    const statements = app.ctx.repos.profiles.statements(user.id, null, 20);
    for (const [name, statement] of Object.entries(statements)) {
      const text = await plan(statement);
      if (TEST_ENGINE === 'postgres') {
        expect(text, name).not.toMatch(/Seq Scan/);
      } else {
        // SQLite says SCAN for a walk over a whole table or index, SEARCH for a range of one.
        expect(text, name).not.toMatch(/\bSCAN\b/);
        expect(text, name).not.toMatch(/TEMP B-TREE/);
      }
    }
  });
});
