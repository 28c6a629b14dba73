import {
  LiveServerMessageSchema,
  type ChatSettings,
  type ModerationLog,
  type MuteResult,
  type OnelinerList,
  type OnelinerMessage,
} from '@queuecast/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, createSong, quickUser } from './helpers/factories.js';
import { connect, listening } from './helpers/live-clients.js';

let app: App;
let url: string;
type Who = { id: number; token: string };
let helper: Who;
let admin: Who;

beforeAll(async () => {
  ({ app, url } = await listening({}));
  helper = await quickUser(app, 'helper');
  admin = await quickUser(app, 'admin');
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  who?: Who,
  payload?: object,
) =>
  app.inject({
    method,
    url: path,
    headers: who ? bearer(who.token) : {},
    ...(payload ? { payload } : {}),
  });

const say = async (who: Who, message: string) => call('POST', '/api/oneliner', who, { message });
const now = () => Math.floor(Date.now() / 1000);

afterEach(async () => {
  // Every test starts with an open chat.
  await call('PUT', '/api/moderation/chat-settings', admin, {
    slow_mode_seconds: 0,
    word_filter: [],
  });
});

describe('deleting a message', () => {
  it('staff remove it from history and from every open page; others may not', async () => {
    const user = await quickUser(app);
    const posted = (await say(user, 'remove me')).json<OnelinerMessage>();
    const page = await connect(url);
    await page.next();

    const path = `/api/oneliner/${posted.id}`;
    expect((await call('DELETE', path)).statusCode).toBe(401);
    expect((await call('DELETE', path, user)).statusCode).toBe(403);
    expect((await call('DELETE', path, helper)).statusCode).toBe(200);
    expect((await call('DELETE', path, helper)).statusCode).toBe(404);

    for (;;) {
      const m = LiveServerMessageSchema.parse(JSON.parse(await page.next(3000)));
      if (m.type !== 'chat_deleted') continue;
      expect(m.id).toBe(posted.id);
      break;
    }
    const history = (await call('GET', '/api/oneliner?limit=100')).json<OnelinerList>();
    expect(history.messages.map((m) => m.id)).not.toContain(posted.id);
    const late = await connect(url);
    const greeting = LiveServerMessageSchema.parse(JSON.parse(await late.next()));
    expect(greeting.type === 'playback_update' && greeting.oneliner.map((m) => m.id)).not.toContain(
      posted.id,
    );
    [page, late].forEach((c) => c.ws.close());
  });
});

describe('muting', () => {
  it('a muted listener is refused with when the mute ends, until it is lifted', async () => {
    const user = await quickUser(app);
    const path = `/api/moderation/users/${user.id}/mute`;
    expect((await call('POST', path, user, { minutes: 5 })).statusCode).toBe(403);
    const muted = await call('POST', path, helper, { minutes: 5 });
    expect(muted.statusCode).toBe(200);
    const until = muted.json<MuteResult>().muted_until!;
    expect(Math.abs(until - (now() + 300))).toBeLessThanOrEqual(2);

    const refused = await say(user, 'can I talk?');
    expect(refused.statusCode).toBe(403);
    const body = refused.json<{ error: string; muted_until: number }>();
    expect(body.muted_until).toBe(until);
    expect(body.error).toMatch(/^You are muted in the chat until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    expect((await say(helper, 'others still talk')).statusCode).toBe(200);

    expect(
      (await call('POST', path, helper, { minutes: 0 })).json<MuteResult>().muted_until,
    ).toBeNull();
    expect((await say(user, 'back again')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and 400 for a bad duration', async () => {
    expect(
      (await call('POST', '/api/moderation/users/999999/mute', helper, { minutes: 5 })).statusCode,
    ).toBe(404);
    for (const minutes of [-1, 1.5, 60 * 24 * 31, 'ten']) {
      const res = await call('POST', `/api/moderation/users/${admin.id}/mute`, helper, { minutes });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('who may mute whom', () => {
  it('helpers mute listeners, moderators listeners and helpers, admins all but admins; nobody themselves', async () => {
    const roles = ['user', 'helper', 'moderator', 'admin'] as const;
    const may: Record<(typeof roles)[number], readonly string[]> = {
      user: [],
      helper: ['user'],
      moderator: ['user', 'helper'],
      admin: ['user', 'helper', 'moderator'],
    };
    const refusals: Record<string, string> = {
      helper: 'Helpers can mute listeners only.',
      moderator: 'Moderators can mute listeners and helpers only.',
      admin: 'Admins cannot be muted.',
    };
    for (const actorRole of roles.slice(1)) {
      const actor = await quickUser(app, actorRole);
      for (const targetRole of roles) {
        const target = await quickUser(app, targetRole);
        const path = `/api/moderation/users/${target.id}/mute`;
        for (const minutes of [5, 0]) {
          const res = await call('POST', path, actor, { minutes });
          const what = `${actorRole} ${minutes ? 'mutes' : 'unmutes'} ${targetRole}`;
          if (may[actorRole].includes(targetRole)) {
            expect(res.statusCode, what).toBe(200);
          } else {
            expect(res.statusCode, what).toBe(403);
            expect(res.json<{ error: string }>().error, what).toBe(refusals[actorRole]);
          }
        }
        // A refused mute leaves the target free to speak.
        if (!may[actorRole].includes(targetRole)) {
          expect((await say(target, `still here, ${actorRole}`)).statusCode).toBe(200);
        }
      }
      const self = await call('POST', `/api/moderation/users/${actor.id}/mute`, actor, {
        minutes: 5,
      });
      expect(self.statusCode).toBe(403);
      expect(self.json<{ error: string }>().error).toBe('You cannot mute yourself.');
    }
  });

  it('a muted helper cannot lift their own mute', async () => {
    const moderator = await quickUser(app, 'moderator');
    const muted = await quickUser(app, 'helper');
    const path = `/api/moderation/users/${muted.id}/mute`;
    expect((await call('POST', path, moderator, { minutes: 5 })).statusCode).toBe(200);
    const own = await call('POST', path, muted, { minutes: 0 });
    expect(own.statusCode).toBe(403);
    expect(own.json<{ error: string }>().error).toBe('You cannot lift your own mute.');
    expect((await say(muted, 'let me out')).statusCode).toBe(403);
    expect((await call('POST', path, moderator, { minutes: 0 })).statusCode).toBe(200);
  });
});

describe('what a mute covers', () => {
  it('chat, song comments and private messages, each refused with when the mute ends', async () => {
    const user = await quickUser(app);
    const other = await quickUser(app);
    const songId = await createSong(app);
    const comment = () =>
      call('POST', `/api/song/${songId}/comment`, user, { comment: 'my two cents' });
    const message = () =>
      call('POST', '/api/messages', user, { to_uid: other.id, message: 'psst' });
    expect((await comment()).statusCode).toBe(200);

    const muted = await call('POST', `/api/moderation/users/${user.id}/mute`, helper, {
      minutes: 5,
    });
    const until = muted.json<MuteResult>().muted_until!;
    const refusals = [await say(user, 'hello?'), await comment(), await message()];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      const body = res.json<{ error: string; muted_until: number }>();
      expect(body.muted_until).toBe(until);
      expect(body.error).toMatch(
        /^You are muted (in the chat )?until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
      );
    }
    // A comment on a song that does not exist: the mute is said first, as for any comment.
    const missing = await call('POST', '/api/song/2000000000/comment', user, { comment: 'x' });
    expect(missing.statusCode).toBe(403);
    // Nothing of it was stored.
    const page = await call('GET', `/api/song/${songId}`);
    expect(page.body.match(/my two cents/g)).toHaveLength(1);

    await call('POST', `/api/moderation/users/${user.id}/mute`, helper, { minutes: 0 });
    expect((await comment()).statusCode).toBe(200);
    expect((await message()).statusCode).toBe(200);
  });
});

describe('slow mode and the word filter', () => {
  it('staff set them; a second message too soon waits; filtered words are masked', async () => {
    const user = await quickUser(app);
    const settings: ChatSettings = { slow_mode_seconds: 30, word_filter: ['Darn', 'heck'] };
    expect((await call('PUT', '/api/moderation/chat-settings', user, settings)).statusCode).toBe(
      403,
    );
    const saved = await call('PUT', '/api/moderation/chat-settings', helper, settings);
    expect(saved.json<ChatSettings>()).toEqual({
      slow_mode_seconds: 30,
      word_filter: ['darn', 'heck'],
    });
    expect(
      (await call('GET', '/api/moderation/chat-settings', helper)).json<ChatSettings>(),
    ).toEqual(saved.json());

    const first = await say(user, 'Darn, what the HECK is darning?');
    expect(first.statusCode).toBe(200);
    expect(first.json<OnelinerMessage>().message).toBe('****, what the **** is darning?');
    const second = await say(user, 'again');
    expect(second.statusCode).toBe(429);
    const body = second.json<{ error: string; retry_after: number }>();
    expect(body.retry_after).toBeGreaterThan(25);
    expect(body.retry_after).toBeLessThanOrEqual(30);
    expect(body.error).toMatch(/^Slow mode is on\. Wait \d+ seconds\.$/);
    const other = await quickUser(app);
    expect((await say(other, 'another listener is not held up')).statusCode).toBe(200);
    expect((await say(other, 'but waits too')).statusCode).toBe(429);
    // Staff are exempt from slow mode.
    expect((await say(helper, 'staff speak up')).statusCode).toBe(200);
    expect((await say(helper, 'and again')).statusCode).toBe(200);
  });

  it('refuses settings out of range', async () => {
    for (const bad of [
      { slow_mode_seconds: -1, word_filter: [] },
      { slow_mode_seconds: 3601, word_filter: [] },
      { slow_mode_seconds: 0, word_filter: [''] },
      { slow_mode_seconds: 0 },
    ]) {
      expect((await call('PUT', '/api/moderation/chat-settings', helper, bad)).statusCode).toBe(
        400,
      );
    }
  });
});

describe('the moderation log', () => {
  it('records who did what to whom, newest first, for admins only', async () => {
    const user = await quickUser(app);
    const posted = (await say(user, 'logged removal')).json<OnelinerMessage>();
    await call('DELETE', `/api/oneliner/${posted.id}`, helper);
    await call('POST', `/api/moderation/users/${user.id}/mute`, helper, { minutes: 1 });

    expect((await call('GET', '/api/moderation/log', helper)).statusCode).toBe(403);
    expect((await call('GET', '/api/moderation/log', user)).statusCode).toBe(403);
    const log = (await call('GET', '/api/moderation/log?limit=2', admin)).json<ModerationLog>();
    const [mute, removal] = log.entries;
    expect(mute).toMatchObject({ action: 'user.mute', detail: { minutes: 1 } });
    expect(mute!.actor).toMatch(/^quick_/);
    expect(mute!.target).toBe(removal!.target);
    expect(removal).toMatchObject({
      action: 'oneliner.delete',
      detail: { message_id: posted.id, message: 'logged removal' },
    });
    const older = (
      await call('GET', `/api/moderation/log?from_id=${removal!.id}`, admin)
    ).json<ModerationLog>();
    expect(older.entries.every((e) => e.id < removal!.id)).toBe(true);
  });
});

describe('a mute on the live channel', () => {
  it("tells the muted user's pages when it starts and ends, and a new page on sign-in", async () => {
    const user = await quickUser(app);
    const other = await quickUser(app);
    const signedIn = async (token: string) => {
      const client = await connect(url);
      await client.next(); // the greeting update
      client.ws.send(JSON.stringify({ type: 'auth', token }));
      const session = LiveServerMessageSchema.parse(JSON.parse(await client.next()));
      return { client, session };
    };
    const next = async (client: Awaited<ReturnType<typeof connect>>, type: string) => {
      for (;;) {
        const message = LiveServerMessageSchema.parse(JSON.parse(await client.next()));
        if (message.type === type) return message;
      }
    };
    const page = await signedIn(user.token);
    expect(page.session).toEqual({ type: 'session', user: expect.any(Object) });
    const bystander = await signedIn(other.token);

    const muted = await call('POST', `/api/moderation/users/${user.id}/mute`, helper, {
      minutes: 15,
    });
    const until = muted.json<MuteResult>().muted_until;
    expect(await next(page.client, 'mute_changed')).toEqual({
      type: 'mute_changed',
      muted_until: until,
    });
    // A page opened now learns it when it signs in.
    const fresh = await signedIn(user.token);
    expect(fresh.session).toMatchObject({ type: 'session', muted_until: until });

    await call('POST', `/api/moderation/users/${user.id}/mute`, helper, { minutes: 0 });
    for (const client of [page.client, fresh.client]) {
      expect(await next(client, 'mute_changed')).toEqual({
        type: 'mute_changed',
        muted_until: null,
      });
    }
    const after = await signedIn(user.token);
    expect(after.session).not.toHaveProperty('muted_until');
    // Nobody else hears of it.
    expect(bystander.client.frames.some((f) => f.includes('mute_changed'))).toBe(false);
    for (const c of [page.client, fresh.client, after.client, bystander.client]) c.ws.close();
  });
});
