import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, createSong, quickUser } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

// Ids past the 32-bit integer columns and text with control characters are refused at the
// door with a 400 that says why, on SQLite and PostgreSQL alike (PostgreSQL used to answer 500
// for both: its integer columns overflow, and its text columns refuse NUL).

let app: App;
let admin: { id: number; token: string };
let listener: { id: number; token: string };

beforeAll(async () => {
  app = await createTestApp();
  admin = await quickUser(app, 'admin');
  listener = await quickUser(app);
});

describe('ids', () => {
  it.each([
    ['GET', '/api/song/2147483648', 'id is too large.'],
    ['GET', '/api/song/9007199254740991', 'id is too large.'],
    ['GET', '/api/artist/99999999999999999999', 'id is too large.'],
    ['GET', '/api/song/0', 'id must be positive.'],
    ['GET', '/api/song/1.5', 'id must be a whole number.'],
    ['PUT', '/api/admin/users/2147483648/role', 'id is too large.'],
    ['PUT', '/api/files/4294967296/unassociate', 'fileid is too large.'],
    ['GET', '/api/oneliner?from_id=2147483648', 'from_id is too large.'],
  ])('%s %s answers 400 %j', async (method, url, error) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: bearer(admin.token),
      ...(method === 'PUT' ? { payload: { role: 'helper' } } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
  });

  it('a body id past 32 bits is refused too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/favorites',
      headers: bearer(listener.token),
      payload: { song_id: 2 ** 31 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'song_id is too large.' });
  });

  it('the largest id a column holds is an ordinary unknown id', async () => {
    const res = await app.inject({ url: '/api/song/2147483647' });
    expect(res.statusCode).toBe(404);
  });
});

describe('control characters', () => {
  it.each([
    ['NUL', 'ab\u0000c'],
    ['BEL', 'ring\u0007'],
    ['ESC', '\u001b[31mred'],
    ['CR', 'one\rtwo'],
    ['DEL', 'x\u007f'],
    ['C1', 'x\u0085y'],
  ])('%s in a login name is refused with 400 before any lookup', async (_, username) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: 'whatever' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: '"username" must not contain control characters.' });
  });

  it('a chat line may hold newlines and tabs, not other control characters', async () => {
    const post = (message: string) =>
      app.inject({
        method: 'POST',
        url: '/api/oneliner',
        headers: bearer(listener.token),
        payload: { message },
      });
    const bad = await post('hello\u0000world');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: '"message" must not contain control characters.' });
    const good = await post('two\tcolumns\nand a line');
    expect(good.statusCode).toBe(200);
    expect(good.json<{ message: string }>().message).toBe('two\tcolumns\nand a line');
  });

  it('in a query or a path, and nested in a body', async () => {
    const search = await app.inject({ url: `/api/search?q=${encodeURIComponent('a\u0000')}` });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ error: '"q" must not contain control characters.' });
    const tags = await app.inject({ url: `/api/tags/${encodeURIComponent('x\u0001y')}` });
    expect(tags.statusCode).toBe(400);
    const queue = await app.inject({
      method: 'POST',
      url: '/api/queue',
      headers: bearer(listener.token),
      payload: { tags: ['ok', 'b\u0000d'] },
    });
    expect(queue.statusCode).toBe(400);
    expect(queue.json()).toEqual({ error: '"tags.1" must not contain control characters.' });
  });

  it('a comment with a NUL stores nothing', async () => {
    const song = await createSong(app);
    const res = await app.inject({
      method: 'POST',
      url: `/api/song/${song}/comment`,
      headers: bearer(listener.token),
      payload: { comment: 'nul\u0000here' },
    });
    expect(res.statusCode).toBe(400);
    const rows = await app.ctx.db
      .selectFrom('comments')
      .select('id')
      .where('song_id', '=', song)
      .execute();
    expect(rows).toEqual([]);
  });
});
