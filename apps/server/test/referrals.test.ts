import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, createUser, uniqueName } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

const referrals = async (app: App, token: string) =>
  (await app.inject({ method: 'GET', url: '/api/user/referrals', headers: bearer(token) })).json<{
    referrals: { code: string; consumer_username: string | null }[];
  }>().referrals;

const signup = (app: App, payload: object) =>
  app.inject({ method: 'POST', url: '/api/auth/signup', payload });

describe('referral codes in open sign-up', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ env: { SIGNUP_MODE: 'open' } });
  });

  it('gives every new user 3 unused codes', async () => {
    const user = await createUser(app);
    const codes = await referrals(app, user.token);
    expect(codes).toHaveLength(3);
    expect(new Set(codes.map((c) => c.code)).size).toBe(3);
    expect(codes.every((c) => c.consumer_username === null)).toBe(true);
  });

  it('records the consumer of a valid code and ignores an invalid one', async () => {
    const inviter = await createUser(app);
    const [first] = await referrals(app, inviter.token);
    const friend = await createUser(app, { referralCode: first!.code });
    const after = await referrals(app, inviter.token);
    expect(after.find((c) => c.code === first!.code)?.consumer_username).toBe(friend.user.username);
    const res = await signup(app, {
      username: uniqueName(),
      password: 'abcd',
      referralCode: 'NOSUCHCODE',
    });
    expect(res.statusCode).toBe(200);
  });

  it('requires a login to list codes', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/user/referrals' })).statusCode).toBe(401);
  });
});

describe('invite-only sign-up', () => {
  let app: App;
  let inviterToken: string;
  beforeAll(async () => {
    app = await createTestApp({
      env: { SIGNUP_MODE: 'invite', ADMIN_USERNAME: 'x', ADMIN_PASSWORD: 'y' },
    });
    const admin = await app.ctx.services.userAdmin.createUser({
      username: uniqueName('admin'),
      password: 'adminpass',
      role: 'admin',
    });
    inviterToken = await app.ctx.tokens.sign({
      id: admin.id,
      username: admin.username,
      role: 'admin',
      tokenVersion: 0,
    });
  });

  it('refuses sign-up without a code', async () => {
    const res = await signup(app, { username: uniqueName(), password: 'abcd' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('A referral code is required to sign up.');
  });

  it('refuses an unknown code and leaves no account behind', async () => {
    const username = uniqueName();
    const res = await signup(app, { username, password: 'abcd', referralCode: 'BOGUS' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('This referral code is invalid or has already been used.');
    expect(await app.ctx.repos.users.findByUsername(username)).toBeUndefined();
  });

  it('lets exactly one of two racing sign-ups consume a code', async () => {
    const [code] = await referrals(app, inviterToken);
    const names = [uniqueName('racer'), uniqueName('racer')];
    const results = await Promise.all(
      names.map((username) =>
        signup(app, { username, password: 'abcd', referralCode: code!.code }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400]);
    const winner = results.find((r) => r.statusCode === 200)!.json().user.username;
    const loser = names.find((n) => n !== winner)!;
    expect(await app.ctx.repos.users.findByUsername(loser)).toBeUndefined();
    const after = await referrals(app, inviterToken);
    expect(after.find((c) => c.code === code!.code)?.consumer_username).toBe(winner);
  });

  it('refuses a code that was already used', async () => {
    const [, second] = await referrals(app, inviterToken);
    const ok = await signup(app, {
      username: uniqueName(),
      password: 'abcd',
      referralCode: second!.code,
    });
    expect(ok.statusCode).toBe(200);
    const again = await signup(app, {
      username: uniqueName(),
      password: 'abcd',
      referralCode: second!.code,
    });
    expect(again.statusCode).toBe(400);
  });
});
