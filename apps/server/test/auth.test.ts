import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { TokenService } from '../src/auth/tokens.js';
import { fixedClock } from '../src/core/clock.js';
import { bearer, createUser, quickUser, uniqueName } from './helpers/factories.js';
import { createTestApp, TEST_SECRET } from './helpers/test-app.js';

let app: App;
beforeAll(async () => {
  app = await createTestApp({
    loginLimits: { perIpPerMinute: 1000, freeFailures: 3, maxDelaySeconds: 900 },
  });
});

const signup = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object });
const login = (username: string, password: string, ip = '10.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: ip,
  });
const me = (token: string) =>
  app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });

describe('sign-up', () => {
  it('creates the account and answers a token and the user', async () => {
    const username = uniqueName('new');
    const res = await signup({ username, email: 'a@example.com', password: 'abcd' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ username, role: 'user' });
    expect(typeof body.user.id).toBe('number');
    const payload = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ id: body.user.id, username, role: 'user', tv: 0 });
    expect(payload.exp - payload.iat).toBe(7 * 86400);
    expect((await me(body.token)).json().user.username).toBe(username);
  });

  it.each([
    [{ username: 'ab', password: 'abcd' }, 'Username must be at least 3 characters.'],
    [{ username: 'bad name!', password: 'abcd' }, 'Username may only contain'],
    [{ username: 'x'.repeat(33), password: 'abcd' }, 'at most 32'],
    [{ username: 'validname', password: 'abc' }, 'Password must be at least 4 characters long.'],
    [{ username: 'validname', password: 'abcd', email: 'not-mail' }, 'valid email'],
    [{ password: 'abcd' }, 'username is required.'],
    [{ username: 'validname' }, 'password is required.'],
    [{ username: 42, password: 'abcd' }, 'username must be a string.'],
  ])('rejects %j with 400', async (payload, message) => {
    const res = await signup(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it('keeps usernames unique regardless of case', async () => {
    const name = uniqueName('Case');
    expect((await signup({ username: name, password: 'abcd' })).statusCode).toBe(200);
    const dup = await signup({ username: name.toUpperCase(), password: 'abcd' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe('That username is already taken.');
  });

  it('accepts an empty email as no email', async () => {
    const res = await signup({ username: uniqueName(), email: '', password: 'abcd' });
    expect(res.statusCode).toBe(200);
  });
});

describe('bad requests are 4xx JSON, never 500', () => {
  it('malformed JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Malformed JSON in request body.' });
  });

  it('a body over the limit', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'abc', password: 'x'.repeat(100_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('Request body is too large.');
  });

  it('a JSON array instead of an object', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The body must be a JSON object.');
  });

  it('an unknown API path', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().error).toContain('Not found');
  });
});

describe('login', () => {
  it('answers a token for the right password, whatever the case of the name', async () => {
    const user = await createUser(app);
    const res = await login(user.user.username.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().token)).statusCode).toBe(200);
  });

  it('answers 401 with error and message for a wrong password or unknown user', async () => {
    const user = await createUser(app);
    for (const res of [await login(user.user.username, 'wrong'), await login('nobody_x', 'pw')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'Invalid username or password.',
        message: 'Invalid username or password.',
      });
    }
  });

  it('names the missing field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('password is required.');
  });

  it("a stranger's wrong passwords, from however many addresses, never lock the owner out", async () => {
    // The clock stands still, so no wait runs out while the guesses go on.
    const guarded = await createTestApp({
      clock: fixedClock(1_800_000_000),
      loginLimits: { perIpPerMinute: 1000, freeFailures: 3, maxDelaySeconds: 900 },
    });
    const owner = await createUser(guarded);
    const attempt = (password: string, ip: string) =>
      guarded.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: owner.user.username, password },
        remoteAddress: ip,
      });
    // 40 guesses from 8 addresses: each address is slowed down in turn…
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await attempt('guess', `10.1.0.${i % 8}`)).statusCode);
    expect(codes.filter((c) => c === 401).length).toBe(8 * 3);
    expect(codes.filter((c) => c === 429).length).toBe(40 - 8 * 3);
    // …but the owner, from an address of their own, logs in at once.
    expect((await attempt(owner.password, '10.9.9.9')).statusCode).toBe(200);
  });

  it('one address guessing one account waits longer after each failure; a success clears it', async () => {
    const clock = fixedClock(1_800_000_000);
    const slowed = await createTestApp({
      clock,
      loginLimits: { perIpPerMinute: 1000, freeFailures: 3, maxDelaySeconds: 60 },
    });
    const user = await createUser(slowed);
    const attempt = (password: string, ip = '10.2.0.1') =>
      slowed.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.user.username, password },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong')).statusCode).toBe(401);
    // The waits double: 1 s, 2 s, 4 s… up to the cap, each told with retry_after.
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await attempt('wrong');
      expect(refused.statusCode).toBe(429);
      const wait = refused.json<{ retry_after: number }>().retry_after;
      expect(refused.json().error).toMatch(
        /^Too many login attempts\. Try again in \d+ (?:seconds?|minutes)\.$/,
      );
      expect(refused.headers['retry-after']).toBe(String(wait));
      waits.push(wait);
      clock.advance(wait);
      expect((await attempt('wrong')).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    // Even the right password waits its turn from this address; another address is not slowed.
    expect((await attempt(user.password)).statusCode).toBe(429);
    expect((await attempt(user.password, '10.2.0.2')).statusCode).toBe(200);
    // After the wait, success, and the slate is clean: typos are free again.
    clock.advance(60);
    expect((await attempt(user.password)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt('wrong')).statusCode).toBe(401);
  });
});

describe('login rate limit per address', () => {
  it('answers 429 once an address exceeds its attempts per minute', async () => {
    const limited = await createTestApp({
      loginLimits: { perIpPerMinute: 5, freeFailures: 100, maxDelaySeconds: 900 },
    });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await limited.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: `someone${i}`, password: 'pw' },
        remoteAddress: '192.0.2.7',
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const other = await limited.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'someone', password: 'pw' },
      remoteAddress: '192.0.2.8',
    });
    expect(other.statusCode).toBe(401);
  });
});

describe('change password', () => {
  const change = (token: string, payload: object) =>
    app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload,
    });

  it('rejects a wrong current password and a short new one', async () => {
    const user = await createUser(app);
    const wrong = await change(user.token, { currentPassword: 'nope', newPassword: 'abcdef' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Current password is incorrect.');
    const short = await change(user.token, { currentPassword: user.password, newPassword: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('New password must be at least 4 characters long');
  });

  it('requires a login', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'a', newPassword: 'abcdef' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('switches the password and invalidates every older token', async () => {
    const user = await createUser(app);
    const second = (await login(user.user.username, user.password)).json().token as string;
    const res = await change(user.token, {
      currentPassword: user.password,
      newPassword: 'n3wpass',
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().token as string;
    expect((await me(user.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(fresh)).statusCode).toBe(200);
    expect((await login(user.user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.user.username, 'n3wpass')).statusCode).toBe(200);
  });
});

describe('change-password limits', () => {
  /** A fresh app per test: the limits count per account and per address across a file. */
  async function limitedApp() {
    const clock = fixedClock(1_800_000_000);
    const limited = await createTestApp({ clock });
    const change = (token: string, currentPassword: string, ip: string) =>
      limited.inject({
        method: 'PUT',
        url: '/api/auth/change-password',
        headers: bearer(token),
        payload: { currentPassword, newPassword: 'a-new-password' },
        remoteAddress: ip,
      });
    return { limited, clock, change };
  }

  it('wrong current passwords make one address wait; the account takes 5 attempts in 15 minutes', async () => {
    const { limited, clock, change } = await limitedApp();
    const user = await createUser(limited);
    for (let i = 0; i < 3; i++) {
      expect((await change(user.token, 'wrong', '10.3.0.1')).statusCode).toBe(400);
    }
    const waiting = await change(user.token, 'wrong', '10.3.0.1');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toEqual({
      error: 'Too many wrong passwords. Try again in 1 second.',
      retry_after: 1,
    });
    expect(waiting.headers['retry-after']).toBe('1');
    // The owner, elsewhere, is not held by those guesses.
    const changed = await change(user.token, user.password, '10.3.0.2');
    expect(changed.statusCode).toBe(200);
    // Five attempts on the account, from wherever: the sixth waits out the window.
    clock.advance(60);
    const token = changed.json<{ token: string }>().token;
    const sixth = await change(token, 'a-new-password', '10.3.0.3');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toMatch(
      /^Too many password changes\. Try again in \d+ (minutes?|seconds?)\.$/,
    );
    expect(sixth.json<{ retry_after: number }>().retry_after).toBeGreaterThan(800);
  });

  it('one address gets 20 attempts in 15 minutes, whatever the accounts', async () => {
    const { limited, change } = await limitedApp();
    const users = await Promise.all(Array.from({ length: 21 }, () => quickUser(limited)));
    for (const user of users.slice(0, 20)) {
      expect((await change(user.token, 'guess', '10.4.0.1')).statusCode).toBe(400);
    }
    const capped = await change(users[20]!.token, 'guess', '10.4.0.1');
    expect(capped.statusCode).toBe(429);
    expect(capped.json().error).toMatch(/^Too many password changes from your address\./);
    expect((await change(users[20]!.token, 'guess', '10.4.0.2')).statusCode).toBe(400);
  });
});

describe('log out everywhere else', () => {
  it('answers a fresh token each time, up to 10 in 15 minutes', async () => {
    const limited = await createTestApp();
    const user = await createUser(limited);
    let token = user.token;
    for (let i = 0; i < 10; i++) {
      const res = await limited.inject({
        method: 'POST',
        url: '/api/auth/logout-others',
        headers: bearer(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      const fresh = res.json<{ success: true; token: string }>().token;
      expect(
        (await limited.inject({ url: '/api/user/me', headers: bearer(token) })).statusCode,
      ).toBe(401);
      token = fresh;
    }
    const refused = await limited.inject({
      method: 'POST',
      url: '/api/auth/logout-others',
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^You're signing out too often\./);
    expect((await limited.inject({ url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(
      200,
    );
  });
});

describe('tokens', () => {
  const encoder = new TextEncoder();

  it('rejects missing, expired, tampered, alg-none and wrong-secret tokens with 401', async () => {
    const user = await createUser(app);
    const { id, username, role } = user.user;
    const expired = await new TokenService(encoder.encode(TEST_SECRET), -60).sign({
      id,
      username,
      role,
      tokenVersion: 0,
    });
    const wrongSecret = await new SignJWT({ id, username, role, tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(encoder.encode('another-secret-another-secret-another-secret'));
    const [header, payload, signature] = user.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const elevated = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString(
      'base64url',
    );
    const tampered = `${header}.${elevated}.${signature}`;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;

    expect((await app.inject({ method: 'GET', url: '/api/user/me' })).statusCode).toBe(401);
    for (const token of [expired, wrongSecret, tampered, none, 'garbage', `${user.token}x`]) {
      const res = await me(token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json().error).toBe('Your session has expired. Please log in again.');
    }
    expect((await me(user.token)).statusCode).toBe(200);
  });
});

describe('guards', () => {
  it('requireRole lets staff through and answers 403 to others', async () => {
    const staffOnly = await createTestApp();
    staffOnly.get(
      '/api/test/staff',
      { preHandler: staffOnly.ctx.guards.requireRole('helper', 'moderator', 'admin') },
      async (req) => ({ role: req.user?.role }),
    );
    const plain = await createUser(staffOnly);
    const helper = await createUser(staffOnly, { role: 'helper' });
    const get = (token?: string) =>
      staffOnly.inject({
        method: 'GET',
        url: '/api/test/staff',
        headers: token ? bearer(token) : {},
      });
    expect((await get()).statusCode).toBe(401);
    expect((await get(plain.token)).statusCode).toBe(403);
    expect((await get(plain.token)).json().error).toBe('You do not have permission to do that.');
    expect((await get(helper.token)).json()).toEqual({ role: 'helper' });
  });
});

describe('sign-up rate limit per address', () => {
  it('past SIGNUP_PER_HOUR new accounts from one address, 429 with the wait; another address signs up', async () => {
    const limited = await createTestApp({ env: { SIGNUP_PER_HOUR: '3' } });
    const signup = (ip: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { username: uniqueName('s'), password: 'pass1234' },
        remoteAddress: ip,
      });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await signup('192.0.2.50')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    const refused = await signup('192.0.2.50');
    const body = refused.json<{ error: string; retry_after: number }>();
    expect(body.error).toMatch(/^Too many new accounts from your address\. Try again in .+\.$/);
    expect(body.retry_after).toBeGreaterThan(3500);
    expect(refused.headers['retry-after']).toBe(String(body.retry_after));
    expect((await signup('192.0.2.51')).statusCode).toBe(200);
    // Refused sign-ups created nothing.
    const users = await limited.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(users.n)).toBe(4);
  });
});
