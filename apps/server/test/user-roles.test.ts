import {
  API,
  type AdminUserList,
  type ModerationLog,
  type OnelinerMessage,
  type User,
} from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { userRole } from '../src/cli/user-role.js';
import { bearer, createUser, quickUser, uniqueName } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

let app: App;
type Who = { id: number; token: string };
let admin: Who;

beforeAll(async () => {
  app = await createTestApp();
  admin = await quickUser(app, 'admin');
});

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  who?: Who,
  payload?: object,
) =>
  app.inject({
    method,
    url,
    headers: who ? bearer(who.token) : {},
    ...(payload ? { payload } : {}),
  });
const setRole = (who: Who | undefined, id: number, role: string) =>
  call('PUT', API.adminUserRole.path({ id }), who, { role });
const lastLog = async () =>
  (await call('GET', API.moderationLog.path({ limit: 1 }), admin)).json<ModerationLog>().entries[0];

describe('who may manage accounts', () => {
  it('anonymous 401, user/helper/moderator 403, admin 200, on both endpoints', async () => {
    const target = await quickUser(app);
    expect((await call('GET', API.adminUsers.path())).statusCode).toBe(401);
    expect((await setRole(undefined, target.id, 'helper')).statusCode).toBe(401);
    for (const role of ['user', 'helper', 'moderator']) {
      const who = await quickUser(app, role);
      expect((await call('GET', API.adminUsers.path(), who)).statusCode, role).toBe(403);
      expect((await setRole(who, target.id, 'helper')).statusCode, role).toBe(403);
    }
    expect((await call('GET', API.adminUsers.path(), admin)).statusCode).toBe(200);
    expect((await setRole(admin, target.id, 'user')).statusCode).toBe(200);
  });
});

describe('GET /api/admin/users', () => {
  it('lists accounts newest first, searchable and paged, never with email or password', async () => {
    const prefix = uniqueName('find');
    const signed = await createUser(app, { username: `${prefix}_a` });
    const second = await createUser(app, { username: `${prefix}_B` });
    await app.ctx.db
      .updateTable('users')
      .set({ email: 'a@example.org' })
      .where('id', '=', signed.user.id)
      .execute();
    const res = await call('GET', API.adminUsers.path({ search: prefix.toUpperCase() }), admin);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/email|password|example\.org|token_version/);
    const { users } = res.json<AdminUserList>();
    expect(users.map((u) => u.id)).toEqual([second.user.id, signed.user.id]);
    expect(users[0]).toEqual({
      id: second.user.id,
      username: `${prefix}_B`,
      role: 'user',
      created_at: expect.any(Number) as number,
      last_seen_at: null,
      dj: false,
      anytime: false,
    });
    const page = await call(
      'GET',
      API.adminUsers.path({ search: prefix, limit: 1, from_id: second.user.id }),
      admin,
    );
    expect(page.json<AdminUserList>().users.map((u) => u.id)).toEqual([signed.user.id]);
    // LIKE wildcards in the search are literal.
    const wild = await call('GET', API.adminUsers.path({ search: '%' }), admin);
    expect(wild.json<AdminUserList>().users).toEqual([]);
  });

  it('refuses a bad limit with a message', async () => {
    const res = await call('GET', API.adminUsers.path({ limit: 0 }), admin);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('limit must be at least 1');
  });
});

describe('PUT /api/admin/users/{id}/role', () => {
  it('changes the role, logs who, what and when, and answers the user', async () => {
    const target = await createUser(app);
    const before = Math.floor(Date.now() / 1000);
    const res = await setRole(admin, target.user.id, 'moderator');
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toEqual({
      id: target.user.id,
      username: target.user.username,
      role: 'moderator',
    });
    expect((await app.ctx.repos.users.findById(target.user.id))?.role).toBe('moderator');
    const entry = await lastLog();
    expect(entry).toMatchObject({
      action: 'user.role',
      target: target.user.username,
      detail: { from: 'user', to: 'moderator' },
    });
    expect(entry?.actor).toMatch(/^quick_/);
    expect(entry!.created_at).toBeGreaterThanOrEqual(before - 1);
  });

  it('refuses a bad role, an unknown user and self-demotion with a message', async () => {
    const target = await quickUser(app);
    const bad = await setRole(admin, target.id, 'god');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('role must be one of: user, helper, moderator, admin.');
    const missing = await setRole(admin, 2 ** 31 - 1, 'helper');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: string }>().error).toBe('User not found.');
    const self = await setRole(admin, admin.id, 'moderator');
    expect(self.statusCode).toBe(400);
    expect(self.json<{ error: string }>().error).toBe(
      'You cannot change your own role; ask another admin.',
    );
    expect((await app.ctx.repos.users.findById(admin.id))?.role).toBe('admin');
  });

  it("takes effect at once: the user's tokens stop working, a new login has the new role", async () => {
    const created = await createUser(app);
    const login = async (): Promise<Who> => {
      const res = await call('POST', API.login.path(), undefined, {
        username: created.user.username,
        password: created.password,
      });
      expect(res.statusCode).toBe(200);
      return { id: created.user.id, token: res.json<{ token: string }>().token };
    };
    const listener = { id: created.user.id, token: created.token };
    const author = await quickUser(app);
    const posted = await call('POST', API.oneliner.path(), author, { message: 'remove me' });
    expect(posted.statusCode).toBe(200);
    const path = API.onelinerMessage.path({ id: posted.json<OnelinerMessage>().id });
    expect((await call('DELETE', path, listener)).statusCode).toBe(403);

    expect((await setRole(admin, listener.id, 'helper')).statusCode).toBe(200);
    const refused = await call('DELETE', path, listener);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ error: string }>().error).toBe(
      'Your session has expired. Please log in again.',
    );
    const helper = await login();
    expect((await call('DELETE', path, helper)).statusCode).toBe(200);

    // A demotion too: the helper's token stops working at once.
    expect((await setRole(admin, listener.id, 'user')).statusCode).toBe(200);
    expect((await call('GET', API.me.path(), helper)).statusCode).toBe(401);
    expect((await call('DELETE', path, await login())).statusCode).toBe(403);
    // Setting the role a user already has changes nothing, their token included.
    const again = await login();
    expect((await setRole(admin, listener.id, 'user')).statusCode).toBe(200);
    expect((await call('GET', API.me.path(), again)).statusCode).toBe(200);
  });
});

describe('user:role', () => {
  it("changes the role, says so, logs it with no actor, and ends the user's sessions", async () => {
    const target = await createUser(app);
    const name = target.user.username;
    expect((await call('GET', API.me.path(), { id: 0, token: target.token })).statusCode).toBe(200);
    expect(await userRole(app, ['--username', name.toUpperCase(), '--role', 'admin'])).toBe(
      `${name} is now an admin.`,
    );
    expect(await userRole(app, ['--username', name, '--role', 'moderator'])).toBe(
      `${name} is now a moderator.`,
    );
    expect((await app.ctx.repos.users.findById(target.user.id))?.role).toBe('moderator');
    expect(await lastLog()).toMatchObject({
      actor: null,
      action: 'user.role',
      target: name,
      detail: { from: 'admin', to: 'moderator', via: 'cli' },
    });
    expect((await call('GET', API.me.path(), { id: 0, token: target.token })).statusCode).toBe(401);
  });

  it('refuses an unknown user or role and bad arguments with a message', async () => {
    await expect(userRole(app, ['--username', uniqueName(), '--role', 'helper'])).rejects.toThrow(
      'User not found.',
    );
    await expect(userRole(app, ['--username', 'someone', '--role', 'god'])).rejects.toThrow(
      '--role must be one of: user, helper, moderator, admin',
    );
    await expect(userRole(app, ['--username', 'someone'])).rejects.toThrow('usage:');
    await expect(userRole(app, ['--role', 'admin'])).rejects.toThrow('usage:');
  });
});
