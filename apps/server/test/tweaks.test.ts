import type { DetailSong, ModerationLog } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, createSong, quickUser } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});

const tweak = (token: string | undefined, songId: number | string, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/song/${songId}/tweak`,
    headers: token ? bearer(token) : {},
    payload: payload as Record<string, unknown>,
  });
const detail = async (songId: number) =>
  (await app.inject({ url: `/api/song/${songId}` })).json<{ song: DetailSong }>().song;

describe('POST /api/song/{id}/tweak', () => {
  it('is for staff only: 401 anonymous, 403 a listener, saved for helpers and above', async () => {
    const songId = await createSong(app, { length: 200 });
    expect(
      (await tweak(undefined, songId, { h_length: 0, h_skip: 0, h_fadeout: 0 })).statusCode,
    ).toBe(401);
    const listener = await quickUser(app);
    const refused = await tweak(listener.token, songId, { h_length: 60, h_skip: 5, h_fadeout: 3 });
    expect(refused.statusCode).toBe(403);
    expect(await detail(songId)).toMatchObject({ h_length: 0, h_skip: 0, h_fadeout: 0 });
    for (const [i, role] of ['helper', 'moderator', 'admin'].entries()) {
      const staff = await quickUser(app, role);
      const values = { h_length: 60 + i, h_skip: 5 + i, h_fadeout: 3 };
      const res = await tweak(staff.token, songId, values);
      expect(res.statusCode, role).toBe(200);
      expect(res.json()).toEqual(values);
      expect(await detail(songId)).toMatchObject(values);
    }
  });

  it('refuses values that are not whole seconds within the song, with a message', async () => {
    const songId = await createSong(app, { length: 120 });
    const helper = await quickUser(app, 'helper');
    const cases: [unknown, RegExp][] = [
      [{ h_length: -1, h_skip: 0, h_fadeout: 0 }, /h_length must not be negative/],
      [{ h_length: 1.5, h_skip: 0, h_fadeout: 0 }, /h_length must be a whole number/],
      [{ h_length: 0, h_skip: '3', h_fadeout: 0 }, /h_skip must be/],
      [{ h_length: 0, h_skip: 0 }, /h_fadeout/],
      [
        { h_length: 0, h_skip: 120, h_fadeout: 0 },
        /h_skip must be less than the song's length \(120 s\)/,
      ],
      [{ h_length: 100, h_skip: 30, h_fadeout: 0 }, /h_skip \+ h_length must be at most/],
      [{ h_length: 10, h_skip: 0, h_fadeout: 11 }, /h_fadeout must be at most what plays \(10 s\)/],
    ];
    for (const [body, text] of cases) {
      const res = await tweak(helper.token, songId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(text);
    }
    expect(await detail(songId)).toMatchObject({ h_length: 0, h_skip: 0, h_fadeout: 0 });
    expect(
      (await tweak(helper.token, 2 ** 31 - 2, { h_length: 0, h_skip: 0, h_fadeout: 0 })).statusCode,
    ).toBe(404);
    expect(
      (await tweak(helper.token, 'x', { h_length: 0, h_skip: 0, h_fadeout: 0 })).statusCode,
    ).toBe(400);
  });

  it('records who changed what in the audit log', async () => {
    const songId = await createSong(app, { title: 'Tweaked Tune', length: 300 });
    const helper = await quickUser(app, 'helper');
    const admin = await quickUser(app, 'admin');
    await tweak(helper.token, songId, { h_length: 90, h_skip: 12, h_fadeout: 4 });
    const log = await app.inject({
      url: '/api/moderation/log?limit=5',
      headers: bearer(admin.token),
    });
    const entry = log.json<ModerationLog>().entries.find((e) => e.action === 'song.tweak');
    expect(entry).toMatchObject({
      actor: (await app.ctx.repos.users.findById(helper.id))!.username,
      detail: {
        song_id: songId,
        title: 'Tweaked Tune',
        from: { h_length: 0, h_skip: 0, h_fadeout: 0 },
        to: { h_length: 90, h_skip: 12, h_fadeout: 4 },
      },
    });
  });
});
