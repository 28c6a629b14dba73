import type { AdminUserList, LiveLineList, StreamKey } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import type { BusEvent } from '../src/core/bus.js';
import { bearer, createSong, makePlayable, quickUser } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

/*
 * DJs as accounts: the permission (admins, audited), the stream key (read, replaced, checked
 * in constant time, never logged), the kick with its ban, and the request line's routes.
 */

let app: App;
const log: string[] = [];
const events: BusEvent[] = [];
let admin: { id: number; token: string };
let listener: { id: number; token: string };

beforeAll(async () => {
  app = await createTestApp({ logTo: { write: (line) => log.push(line) } });
  app.ctx.bus.subscribe((e) => events.push(e));
  admin = await quickUser(app, 'admin');
  listener = await quickUser(app);
});

/** Grants go with on air at any time: these DJs have no scheduled shows (schedule.test.ts). */
const setDj = (token: string, id: number, dj: unknown) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/users/${id}/dj`,
    headers: bearer(token),
    payload: dj === true ? { dj, anytime: true } : { dj },
  });
const streamKey = (token: string, method: 'GET' | 'POST' = 'GET') =>
  app.inject({ method, url: '/api/user/stream-key', headers: bearer(token) });
const auditActions = async () =>
  await app.ctx.db
    .selectFrom('moderation_log')
    .select(['action', 'target_user_id', 'detail'])
    .execute();

async function openShow(djId: number): Promise<number> {
  const now = Date.now() / 1000;
  return app.ctx.repos.shows.start(djId, 'Test show', now);
}

describe('the DJ permission', () => {
  it('is granted and revoked by admins only, and audited', async () => {
    const dj = await quickUser(app);
    expect((await setDj(listener.token, dj.id, true)).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/admin/users/${dj.id}/dj`,
          payload: { dj: true },
        })
      ).statusCode,
    ).toBe(401);
    expect((await setDj(admin.token, dj.id, 'yes')).statusCode).toBe(400);
    expect((await setDj(admin.token, 2 ** 31 - 2, true)).statusCode).toBe(404);

    const granted = await setDj(admin.token, dj.id, true);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ id: dj.id, dj: true });
    // Granting again changes and logs nothing.
    expect((await setDj(admin.token, dj.id, true)).statusCode).toBe(200);
    const entries = (await auditActions()).filter((e) => e.target_user_id === dj.id);
    expect(entries.map((e) => e.action)).toEqual(['user.dj']);
    expect(JSON.parse(entries[0]!.detail)).toEqual({ from: false, to: true, anytime: true });

    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: bearer(admin.token),
    });
    const row = list.json<AdminUserList>().users.find((u) => u.id === dj.id);
    expect(row?.dj).toBe(true);

    const key = (await streamKey(dj.token)).json<StreamKey>();
    expect(key.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(key.mount).toBe('/live');

    events.length = 0;
    expect((await setDj(admin.token, dj.id, false)).json()).toMatchObject({ dj: false });
    // A DJ losing the permission loses their show too.
    expect(events).toContainEqual({ type: 'show.ended', dj_id: dj.id, reason: 'revoked' });
    expect((await streamKey(dj.token)).statusCode).toBe(403);
    expect(await app.ctx.services.djs.authorizeSource(row!.username, key.key)).toMatchObject({
      ok: false,
      status: 403,
    });
  });
});

describe('the stream key', () => {
  it('is read and replaced by its DJ only, and checked with the username', async () => {
    const dj = await quickUser(app);
    expect((await streamKey(dj.token)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/user/stream-key' })).statusCode).toBe(401);
    await setDj(admin.token, dj.id, true);
    const first = (await streamKey(dj.token)).json<StreamKey>();
    expect((await streamKey(dj.token)).json<StreamKey>().key).toBe(first.key);
    const replaced = await streamKey(dj.token, 'POST');
    expect(replaced.statusCode).toBe(200);
    const second = replaced.json<StreamKey>();
    expect(second.key).not.toBe(first.key);
    expect((await streamKey(dj.token)).json<StreamKey>().key).toBe(second.key);

    const { djs } = app.ctx.services;
    // Usernames are matched as at login, whatever their case.
    expect(await djs.authorizeSource(first.username.toUpperCase(), second.key)).toMatchObject({
      ok: true,
    });
    expect(await djs.authorizeSource(first.username, first.key)).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(await djs.authorizeSource(first.username, '')).toMatchObject({ ok: false, status: 401 });
    expect(await djs.authorizeSource('nobody_here', second.key)).toMatchObject({
      ok: false,
      status: 401,
    });
    // A listener without the permission is refused as such.
    const row = await app.ctx.repos.users.findById(listener.id);
    expect(await djs.authorizeSource(row!.username, 'x')).toMatchObject({ ok: false, status: 403 });

    // No key in any log line, whatever was asked.
    for (const key of [first.key, second.key]) {
      expect(log.filter((line) => line.includes(key))).toEqual([]);
    }
  });
});

describe('the kick', () => {
  it('ends the show on air with a ban, for moderators and admins only, audited', async () => {
    const mod = await quickUser(app, 'moderator');
    const kick = (token: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/live/kick', headers: bearer(token), payload });
    expect((await kick(mod.token, { ban_minutes: 5 })).statusCode).toBe(409);
    expect((await kick(listener.token, { ban_minutes: 5 })).statusCode).toBe(403);
    expect((await kick(mod.token, { ban_minutes: -1 })).statusCode).toBe(400);
    expect((await kick(mod.token, { ban_minutes: 1e9 })).statusCode).toBe(400);

    const dj = await quickUser(app);
    await setDj(admin.token, dj.id, true);
    const key = (await streamKey(dj.token)).json<StreamKey>();
    await openShow(dj.id);
    events.length = 0;
    const kicked = await kick(mod.token, { ban_minutes: 15 });
    expect(kicked.statusCode, kicked.body).toBe(200);
    const result = kicked.json<{ dj: string; banned_until: number }>();
    expect(result.dj).toBe(key.username);
    expect(result.banned_until - Date.now() / 1000).toBeGreaterThan(14 * 60);
    expect(events).toContainEqual({ type: 'show.ended', dj_id: dj.id, reason: 'kicked' });
    expect(await app.ctx.repos.shows.open()).toBeUndefined();
    const audit = (await auditActions()).filter((e) => e.action === 'live.kick');
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ ban_minutes: 15 });

    const refused = await app.ctx.services.djs.authorizeSource(key.username, key.key);
    expect(refused).toMatchObject({ ok: false, status: 403 });
    expect(refused.ok || refused.message).toMatch(/15 minutes/);
    // An admin granting the permission again lifts the ban.
    expect((await setDj(admin.token, dj.id, true)).statusCode).toBe(200);
    const again = (await streamKey(dj.token)).json<StreamKey>();
    expect(await app.ctx.services.djs.authorizeSource(key.username, again.key)).toMatchObject({
      ok: true,
    });
  });
});

describe('the request line', () => {
  it('carries dedications and requests to the DJ on air, and refuses them off air', async () => {
    const dj = await quickUser(app);
    await setDj(admin.token, dj.id, true);
    const send = (token: string, payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/live/line', headers: bearer(token), payload });
    expect((await send(listener.token, { message: 'hello' })).statusCode).toBe(409);
    expect(
      (await app.inject({ method: 'GET', url: '/api/live/line', headers: bearer(listener.token) }))
        .statusCode,
    ).toBe(403);

    await openShow(dj.id);
    events.length = 0;
    expect((await send(listener.token, { message: '   ' })).statusCode).toBe(400);
    expect((await send(listener.token, { message: 'x'.repeat(281) })).statusCode).toBe(400);
    expect((await send(listener.token, { message: 'hi', song_id: 2 ** 31 - 2 })).statusCode).toBe(
      404,
    );
    const sent = await send(listener.token, { message: 'For my sister, happy birthday!' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(events).toContainEqual(expect.objectContaining({ type: 'show.line', dj_id: dj.id }));
    // A request made during the show reaches the line too.
    const song = await createSong(app);
    await makePlayable(app, song);
    const requested = await app.inject({
      method: 'POST',
      url: `/api/song/${song}`,
      headers: bearer(listener.token),
    });
    expect(requested.statusCode, requested.body).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await app.inject({ method: 'GET', url: '/api/live/line', headers: bearer(dj.token) })
          ).json<LiveLineList>().items.length,
      )
      .toBe(2);
    const items = (
      await app.inject({ method: 'GET', url: '/api/live/line', headers: bearer(dj.token) })
    ).json<LiveLineList>();
    expect(items.on_air).toBe(true);
    expect(items.items.map((i) => i.kind)).toEqual(['request', 'dedication']);
    expect(items.items[0]!.song?.id).toBe(song);
    expect(items.items[1]!.message).toBe('For my sister, happy birthday!');

    // A muted listener sends the DJ nothing.
    const muted = await quickUser(app);
    await app.ctx.repos.users.setMutedUntil(muted.id, Math.floor(Date.now() / 1000) + 600);
    expect((await send(muted.token, { message: 'still here' })).statusCode).toBe(403);
    // Three a minute: the listener's fourth try is refused with the wait.
    expect((await send(listener.token, { message: 'once more' })).statusCode).toBe(429);
    await app.ctx.repos.shows.endOpen(Date.now() / 1000);
  });
});

describe("Icecast's metadata update", () => {
  it('takes a DJ title as source clients send it, and refuses everyone else', async () => {
    const dj = await quickUser(app);
    await setDj(admin.token, dj.id, true);
    const key = (await streamKey(dj.token)).json<StreamKey>();
    const basic = (user: string, pass: string) =>
      `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    const update = (query: string, authorization?: string) =>
      app.inject({
        method: 'GET',
        url: `/admin/metadata?${query}`,
        headers: authorization ? { authorization } : {},
      });
    const ok = basic(key.username, key.key);

    const anonymous = await update('mode=updinfo&mount=/live&song=A%20-%20B');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Basic realm=/);
    expect(anonymous.body).toContain('<return>0</return>');
    expect(
      (await update('mode=updinfo&mount=/live&song=x', basic(key.username, 'wrong'))).statusCode,
    ).toBe(401);
    const row = await app.ctx.repos.users.findById(listener.id);
    expect(
      (await update('mode=updinfo&mount=/live&song=x', basic(row!.username, 'x'))).statusCode,
    ).toBe(403);
    expect((await update('mode=updinfo&mount=/other&song=x', ok)).statusCode).toBe(404);
    expect((await update('mode=stats&mount=/live&song=x', ok)).statusCode).toBe(400);
    expect((await update('mode=updinfo&mount=/live', ok)).statusCode).toBe(400);

    events.length = 0;
    const sent = await update('mode=updinfo&mount=%2flive&song=Artist%20-%20Title', ok);
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['content-type']).toMatch(/^text\/xml/);
    expect(sent.body).toContain('<return>1</return>');
    // As libshout sends it: artist and title apart, UTF-8.
    await update(
      'mode=updinfo&mount=%2flive&charset=UTF%2d8&artist=Bj%C3%B6rk&title=J%C3%B3ga',
      ok,
    );
    // An older client's Latin-1.
    await update('mode=updinfo&mount=/live&charset=ISO-8859-1&song=Caf%E9%20Tacuba', ok);
    // A huge title is cut at 255 characters.
    await update(`mode=updinfo&mount=/live&song=${'y'.repeat(4000)}`, ok);
    const titles = events.flatMap((e) => (e.type === 'show.title' ? [e.title] : []));
    expect(titles).toEqual(['Artist - Title', 'Björk - Jóga', 'Café Tacuba', 'y'.repeat(255)]);
    expect(events.every((e) => e.type !== 'show.title' || e.dj_id === dj.id)).toBe(true);
    expect(log.filter((line) => line.includes(key.key))).toEqual([]);
  });
});
