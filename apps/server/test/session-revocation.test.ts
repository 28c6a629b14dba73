import {
  API,
  LiveServerMessageSchema,
  type LiveServerMessage,
  type LogoutOthersResponse,
  type ModerationLog,
} from '@queuecast/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { userRole } from '../src/cli/user-role.js';
import { bearer, createUser, quickUser, type CreatedUser } from './helpers/factories.js';
import { closeAll, connect, listening, type Client } from './helpers/live-clients.js';

/*
 * Sessions end with the password: a password change, a role change (API or command line), an
 * admin's log-out and one's own log-out-everywhere-else stop the account's older tokens, and
 * every live socket still on one is told and leaves the user's room within a second, while a
 * socket on the new token keeps it. Real sockets, in this process and in fan-out processes.
 */

const ENDED = 'Your session has ended. Please log in again.';
/** How long after the HTTP answer the socket may take to hear that its session ended. */
const TELL_MS = 1000;

const message = (frame: string): LiveServerMessage =>
  LiveServerMessageSchema.parse(JSON.parse(frame));
/** What a client received besides playback updates and listener counts. */
const others = (c: Client) =>
  c.frames.map(message).filter((m) => m.type !== 'playback_update' && m.type !== 'listeners');

describe.each([
  ['in this process', 0],
  ['in 2 fan-out processes', 2],
])('ending sessions, sockets %s', (_, processes) => {
  let app: App;
  let url: string;
  let admin: { id: number; token: string };
  let sender: { id: number; token: string };
  const clients: Client[] = [];

  beforeAll(async () => {
    ({ app, url } = await listening({
      LIVE_FANOUT_PROCESSES: String(processes),
      LIVE_FANOUT_FROM: '0',
    }));
    admin = await quickUser(app, 'admin');
    sender = await quickUser(app);
  });
  afterEach(() => closeAll(app, clients));

  /** A socket signed in with `token`, once the server has said so. */
  async function signedIn(token: string, userId: number): Promise<Client> {
    const client = await connect(url);
    clients.push(client);
    client.ws.send(JSON.stringify({ type: 'auth', token }));
    await until(client, (m) => m.type === 'session' && m.user?.id === userId);
    return client;
  }

  async function until(c: Client, match: (m: LiveServerMessage) => boolean, ms = 3000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = others(c).find(match);
      if (hit) return hit;
      if (Date.now() > deadline)
        throw new Error(`no matching message: ${JSON.stringify(others(c))}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** The `n`th session message `c` received (from 1), once it has. */
  async function nthSession(c: Client, n: number) {
    const sessions = () => others(c).filter((m) => m.type === 'session');
    await until(c, () => sessions().length >= n);
    return sessions()[n - 1];
  }

  /** Sends the user a private message; answers once `reached` have it and a marker after it. */
  let sent = 0;
  async function messageTo(userId: number, reached: Client[], missed: Client[]) {
    const text = `private ${++sent}`;
    const seen = missed.map((c) => others(c).length);
    const res = await app.inject({
      method: 'POST',
      url: API.messages.path(),
      headers: bearer(sender.token),
      payload: { to_uid: userId, message: text },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const c of reached) {
      await until(c, (m) => m.type === 'private_message' && m.message.message === text);
    }
    // A line to everyone after it: once it has arrived, a leak would have too.
    app.ctx.live.hub.send('all', { type: 'chat_deleted', id: sent });
    for (const [i, c] of missed.entries()) {
      await until(c, (m) => m.type === 'chat_deleted' && m.id === sent);
      const leaked = others(c)
        .slice(seen[i])
        .filter(
          (m) =>
            (m.type === 'private_message' && m.message.message === text) ||
            m.type === 'unread_count',
        );
      expect(leaked).toEqual([]);
    }
  }

  /** Waits for `c` to be told its session ended; answers how long that took after `from`. */
  async function endedWithin(c: Client, from: number, tokenVersion: number): Promise<number> {
    const told = await until(c, (m) => m.type === 'session' && m.user === null);
    const at = Date.now();
    expect(told).toEqual({
      type: 'session',
      user: null,
      error: ENDED,
      token_version: tokenVersion,
    });
    return at - from;
  }

  const versionOf = async (userId: number) =>
    (await app.ctx.repos.users.findById(userId))!.token_version;

  it('a password change: the old sockets are told and hear nothing private; the re-authenticated one keeps hearing', async () => {
    const ann: CreatedUser = await createUser(app);
    const [phone, laptop] = [
      await signedIn(ann.token, ann.user.id),
      await signedIn(ann.token, ann.user.id),
    ];
    await messageTo(ann.user.id, [phone, laptop], []);

    const res = await app.inject({
      method: 'PUT',
      url: API.changePassword.path(),
      headers: bearer(ann.token),
      payload: { currentPassword: ann.password, newPassword: 'a-brand-new-password' },
    });
    const answered = Date.now();
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<{ token: string }>().token;
    const version = await versionOf(ann.user.id);
    expect(await endedWithin(phone, answered, version)).toBeLessThanOrEqual(TELL_MS);
    expect(await endedWithin(laptop, answered, version)).toBeLessThanOrEqual(TELL_MS);

    // The browser that changed it signs its socket in again with the token it was given.
    laptop.ws.send(JSON.stringify({ type: 'auth', token: fresh }));
    expect(await nthSession(laptop, 3)).toMatchObject({ user: { id: ann.user.id } });
    // A late copy of the revocation (a slower node's), and the sweep, leave it signed in.
    app.ctx.bus.publish({ type: 'sessions.revoked', user_id: ann.user.id, token_version: version });
    await app.ctx.live.hub.sweepSessions();
    await messageTo(ann.user.id, [laptop], [phone]);
    expect(others(laptop).filter((m) => m.type === 'session')).toHaveLength(3);
    expect(others(phone).filter((m) => m.type === 'session')).toHaveLength(2);

    // The old token is refused, on HTTP and on a socket.
    expect((await app.inject({ url: API.me.path(), headers: bearer(ann.token) })).statusCode).toBe(
      401,
    );
    phone.ws.send(JSON.stringify({ type: 'auth', token: ann.token }));
    expect(await nthSession(phone, 3)).toEqual({
      type: 'session',
      user: null,
      error: 'Your session has expired. Please log in again.',
    });
  });

  it("log out everywhere else: the caller's fresh token works, the others and their sockets end", async () => {
    const bob = await createUser(app);
    const elsewhere = await signedIn(bob.token, bob.user.id);
    const res = await app.inject({
      method: 'POST',
      url: API.logoutOthers.path(),
      headers: bearer(bob.token),
    });
    const answered = Date.now();
    expect(res.statusCode, res.body).toBe(200);
    const { token } = res.json<LogoutOthersResponse>();
    expect(
      await endedWithin(elsewhere, answered, await versionOf(bob.user.id)),
    ).toBeLessThanOrEqual(TELL_MS);
    expect((await app.inject({ url: API.me.path(), headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.inject({ url: API.me.path(), headers: bearer(bob.token) })).statusCode).toBe(
      401,
    );
    const here = await signedIn(token, bob.user.id);
    await messageTo(bob.user.id, [here], [elsewhere]);
  });

  it("an admin's log-out, a role change and the command line's role change each end the sockets", async () => {
    const carol = await quickUser(app);
    const actions: [string, () => Promise<unknown>][] = [
      [
        'admin log-out',
        async () => {
          const res = await app.inject({
            method: 'POST',
            url: API.adminUserLogout.path({ id: carol.id }),
            headers: bearer(admin.token),
          });
          expect(res.statusCode, res.body).toBe(200);
        },
      ],
      [
        'role change',
        async () => {
          const res = await app.inject({
            method: 'PUT',
            url: API.adminUserRole.path({ id: carol.id }),
            headers: bearer(admin.token),
            payload: { role: 'helper' },
          });
          expect(res.statusCode, res.body).toBe(200);
        },
      ],
      [
        'user:role',
        async () => {
          const row = await app.ctx.repos.users.findById(carol.id);
          await userRole(app, ['--username', row!.username, '--role', 'moderator']);
        },
      ],
    ];
    for (const [what, act] of actions) {
      const token = await app.ctx.tokens.sign({
        id: carol.id,
        username: 'carol',
        role: 'user',
        tokenVersion: await versionOf(carol.id),
      });
      const socket = await signedIn(token, carol.id);
      await act();
      const done = Date.now();
      const version = await versionOf(carol.id);
      expect(await endedWithin(socket, done, version), what).toBeLessThanOrEqual(TELL_MS);
      await messageTo(carol.id, [], [socket]);
      expect((await app.inject({ url: API.me.path(), headers: bearer(token) })).statusCode).toBe(
        401,
      );
    }
  });

  it('a revocation the bus never carried is caught by the sweep', async () => {
    const dave = await quickUser(app);
    const socket = await signedIn(dave.token, dave.id);
    // As a command-line change on a station without Redis: the database only.
    const row = await app.ctx.repos.users.revokeTokens(dave.id);
    await messageTo(dave.id, [socket], []);
    await app.ctx.live.hub.sweepSessions();
    await endedWithin(socket, Date.now(), row!.token_version);
    await messageTo(dave.id, [], [socket]);
  });
});

describe('POST /api/admin/users/{id}/logout', () => {
  let app: App;
  beforeAll(async () => {
    ({ app } = await listening({}));
  });

  it('admins only; refuses oneself and an unknown user; logged with who and whom', async () => {
    const admin = await quickUser(app, 'admin');
    const target = await quickUser(app);
    const logout = (id: number, token?: string) =>
      app.inject({
        method: 'POST',
        url: API.adminUserLogout.path({ id }),
        headers: token ? bearer(token) : {},
      });
    expect((await logout(target.id)).statusCode).toBe(401);
    for (const role of ['user', 'helper', 'moderator']) {
      expect((await logout(target.id, (await quickUser(app, role)).token)).statusCode).toBe(403);
    }
    const self = await logout(admin.id, admin.token);
    expect(self.statusCode).toBe(400);
    expect(self.json<{ error: string }>().error).toMatch(/Log out everywhere else/);
    expect((await logout(2 ** 31 - 2, admin.token)).statusCode).toBe(404);

    expect((await logout(target.id, admin.token)).json()).toEqual({ success: true });
    expect(
      (await app.inject({ url: API.me.path(), headers: bearer(target.token) })).statusCode,
    ).toBe(401);
    const log = await app.inject({
      url: API.moderationLog.path({ limit: 1 }),
      headers: bearer(admin.token),
    });
    const target_ = await app.ctx.repos.users.findById(target.id);
    expect(log.json<ModerationLog>().entries[0]).toMatchObject({
      action: 'user.logout',
      target: target_!.username,
    });
  });
});
