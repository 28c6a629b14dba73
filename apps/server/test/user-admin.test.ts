import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { userCreate } from '../src/cli/user-create.js';
import { uniqueName } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});

const login = (username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

describe('user:create', () => {
  it('creates an admin who can log in', async () => {
    const username = uniqueName('admin');
    const out = await userCreate(app, [
      '--username',
      username,
      '--role',
      'admin',
      '--password',
      'pw1234',
    ]);
    expect(out).toMatch(new RegExp(`Created admin '${username}'`));
    expect((await login(username, 'pw1234')).statusCode).toBe(200);
    expect((await app.ctx.repos.users.findByUsername(username))?.role).toBe('admin');
  });

  it('refuses unknown roles, bad names and duplicates with a message', async () => {
    await expect(
      userCreate(app, ['--username', 'abc', '--role', 'god', '--password', 'x1234']),
    ).rejects.toThrow('--role must be one of');
    await expect(userCreate(app, ['--username', 'a', '--password', 'x1234'])).rejects.toThrow(
      'Username must be at least 3 characters.',
    );
    await expect(userCreate(app, ['--password', 'x1234'])).rejects.toThrow('usage:');
    const username = uniqueName();
    await userCreate(app, ['--username', username, '--password', 'x1234']);
    await expect(userCreate(app, ['--username', username, '--password', 'x1234'])).rejects.toThrow(
      'That username is already taken.',
    );
  });
});

describe('ADMIN_USERNAME / ADMIN_PASSWORD', () => {
  it('creates the admin once and leaves an existing account alone', async () => {
    const username = uniqueName('root');
    const admin = { username, password: 'first-pw' };
    expect(await app.ctx.services.userAdmin.ensureAdmin(admin)).toBe('created');
    expect(await app.ctx.services.userAdmin.ensureAdmin({ username, password: 'other' })).toBe(
      'exists',
    );
    expect((await login(username, 'first-pw')).statusCode).toBe(200);
    expect((await app.ctx.repos.users.findByUsername(username))?.role).toBe('admin');
  });
});
