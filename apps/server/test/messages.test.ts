import {
  LIMITS,
  LiveServerMessageSchema,
  type ConversationList,
  type LiveServerMessage,
  type MarkReadResult,
  type PrivateMessage,
  type Thread,
  type UserRefList,
} from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { FIXED_LIMITS } from '../src/core/rate-limits.js';
import { bearer, quickUser } from './helpers/factories.js';
import { closeAll, connect, listening, type Client } from './helpers/live-clients.js';

const MESSAGE_BURST = FIXED_LIMITS.message.max;

let app: App;
let url: string;
const clients: Client[] = [];

beforeAll(async () => {
  ({ app, url } = await listening({}));
});
afterAll(() => closeAll(app, clients));

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, token?: string, payload?: unknown) =>
  app.inject({
    method,
    url: path,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const send = (token: string, to_uid: unknown, message: unknown) =>
  call('POST', '/api/messages', token, { to_uid, message });

async function sent(token: string, to: number, message: string): Promise<PrivateMessage> {
  const res = await send(token, to, message);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PrivateMessage>();
}

const thread = async (token: string, withId: number, query = '') => {
  const res = await call('GET', `/api/messages?with=${withId}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Thread>().messages;
};
const conversations = async (token: string) => {
  const res = await call('GET', '/api/messages/conversations', token);
  expect(res.statusCode).toBe(200);
  return res.json<ConversationList>().conversations;
};
const unread = async (token: string) =>
  (await call('GET', '/api/messages/unread/count', token)).json<{ unreadCount: number }>()
    .unreadCount;
const nameOf = async (id: number) => (await app.ctx.repos.users.findById(id))!.username;

/** A socket signed in as the user, its greeting and session answer consumed. */
async function socketOf(token: string | null): Promise<Client> {
  const client = await connect(url);
  clients.push(client);
  await client.next(); // playback update
  if (token) {
    client.ws.send(JSON.stringify({ type: 'auth', token }));
    expect(JSON.parse(await client.next())).toMatchObject({ type: 'session' });
  }
  return client;
}
const parsed = (frames: string[]): LiveServerMessage[] =>
  frames.map((f) => LiveServerMessageSchema.parse(JSON.parse(f)));
const privateFrames = (client: Client) =>
  parsed(client.frames).filter((m) =>
    ['private_message', 'unread_count', 'messages_read'].includes(m.type),
  );
async function nextOf(client: Client, type: string) {
  for (;;) {
    const message = LiveServerMessageSchema.parse(JSON.parse(await client.next(3000)));
    if (message.type === type) return message;
  }
}

describe('sending a private message', () => {
  it('stores it for both parties and counts it unread for the recipient only', async () => {
    const [ann, bob] = [await quickUser(app), await quickUser(app)];
    const message = await sent(ann.token, bob.id, '  hi bob  ');
    expect(message).toMatchObject({
      from_uid: ann.id,
      to_uid: bob.id,
      from_username: await nameOf(ann.id),
      message: 'hi bob',
      read_timestamp: null,
    });
    expect(await thread(ann.token, bob.id)).toEqual([message]);
    expect(await thread(bob.token, ann.id)).toEqual([message]);
    expect(await unread(bob.token)).toBe(1);
    expect(await unread(ann.token)).toBe(0);
    expect(await conversations(bob.token)).toEqual([
      {
        id: ann.id,
        username: await nameOf(ann.id),
        last_message_time: message.sent_timestamp,
        last_message_id: message.id,
        unread_count: 1,
      },
    ]);
    expect(await conversations(ann.token)).toEqual([
      {
        id: bob.id,
        username: await nameOf(bob.id),
        last_message_time: message.sent_timestamp,
        last_message_id: message.id,
        unread_count: 0,
      },
    ]);
  });

  it('refuses blank, too long, to oneself and unknown recipients with a message', async () => {
    const [ann, bob] = [await quickUser(app), await quickUser(app)];
    const cases: [unknown, unknown, number, RegExp][] = [
      [bob.id, '', 400, /must not be empty/],
      [bob.id, ' \n\t ', 400, /must not be empty/],
      [bob.id, 'x'.repeat(LIMITS.privateMessageMax + 1), 400, /at most 2000 characters/],
      [bob.id, 42, 400, /message must be/],
      ['bob', 'hi', 400, /to_uid must be/],
      [-1, 'hi', 400, /to_uid must be a user id/],
      [ann.id, 'hi', 400, /yourself/],
      [2 ** 31 - 2, 'hi', 404, /does not exist/],
    ];
    for (const [to, message, status, text] of cases) {
      const res = await send(ann.token, to, message);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ error: string }>().error).toMatch(text);
    }
    expect((await send(ann.token, bob.id, 'x'.repeat(LIMITS.privateMessageMax))).statusCode).toBe(
      200,
    );
    expect(await conversations(bob.token)).toHaveLength(1);
  });

  it('is rate-limited per sender, answering 429 with retry_after', async () => {
    const [ann, bob, cat] = [await quickUser(app), await quickUser(app), await quickUser(app)];
    for (let i = 0; i < MESSAGE_BURST; i++) await sent(ann.token, i % 2 ? bob.id : cat.id, `m${i}`);
    const res = await send(ann.token, bob.id, 'one too many');
    expect(res.statusCode).toBe(429);
    const body = res.json<{ error: string; retry_after: number }>();
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.error).toMatch(/too fast/);
    expect(res.headers['retry-after']).toBe(String(body.retry_after));
    // Another sender is not held back.
    await sent(bob.token, ann.id, 'still fine');
  });

  it('refuses a muted sender with when the mute ends', async () => {
    const [ann, bob, moderator] = [
      await quickUser(app),
      await quickUser(app),
      await quickUser(app, 'moderator'),
    ];
    const mute = await call('POST', `/api/moderation/users/${ann.id}/mute`, moderator.token, {
      minutes: 10,
    });
    const until = mute.json<{ muted_until: number }>().muted_until;
    const res = await send(ann.token, bob.id, 'hello?');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      muted_until: until,
      error: expect.stringMatching(/muted until/),
    });
    await call('POST', `/api/moderation/users/${ann.id}/mute`, moderator.token, { minutes: 0 });
    await sent(ann.token, bob.id, 'back again');
  });
});

describe('blocking', () => {
  it("refuses messages from a blocked user and hides them from the blocker's search", async () => {
    const [ann, bob] = [await quickUser(app), await quickUser(app)];
    const bobName = await nameOf(bob.id);
    const search = async () =>
      (await call('GET', `/api/users/search?search=${bobName}`, ann.token)).json<UserRefList>()
        .users;
    expect(await search()).toEqual([{ id: bob.id, username: bobName }]);

    expect((await call('PUT', `/api/user/blocks/${bob.id}`, ann.token)).json()).toEqual({
      user_id: bob.id,
      blocked: true,
    });
    // Blocking twice is harmless.
    expect((await call('PUT', `/api/user/blocks/${bob.id}`, ann.token)).statusCode).toBe(200);
    const refused = await send(bob.token, ann.id, 'let me in');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe(
      `${await nameOf(ann.id)} does not accept messages from you.`,
    );
    expect(await search()).toEqual([]);
    expect((await call('GET', '/api/user/blocks', ann.token)).json()).toEqual({
      users: [{ id: bob.id, username: bobName }],
    });
    // The blocker can still write; the block is one-way.
    await sent(ann.token, bob.id, 'I can still say this');

    expect((await call('DELETE', `/api/user/blocks/${bob.id}`, ann.token)).json()).toEqual({
      user_id: bob.id,
      blocked: false,
    });
    await sent(bob.token, ann.id, 'thanks');
    expect(await search()).toEqual([{ id: bob.id, username: bobName }]);
  });

  it('refuses blocking oneself and unknown users', async () => {
    const ann = await quickUser(app);
    expect((await call('PUT', `/api/user/blocks/${ann.id}`, ann.token)).statusCode).toBe(400);
    expect((await call('PUT', '/api/user/blocks/2147483000', ann.token)).statusCode).toBe(404);
    expect((await call('PUT', '/api/user/blocks/abc', ann.token)).statusCode).toBe(400);
    expect((await call('PUT', `/api/user/blocks/${ann.id}`)).statusCode).toBe(401);
  });
});

describe('user search', () => {
  it('needs more than one character and returns ids and usernames only, at most 10', async () => {
    const ann = await quickUser(app);
    const short = await call('GET', '/api/users/search?search=q', ann.token);
    expect(short.statusCode).toBe(400);
    expect(short.json<{ error: string }>().error).toMatch(/at least 2 characters/);
    expect((await call('GET', '/api/users/search?search=qu')).statusCode).toBe(401);

    for (let i = 0; i < 12; i++) await quickUser(app);
    const res = await call('GET', '/api/users/search?search=QUICK_&limit=10', ann.token);
    const { users } = res.json<UserRefList>();
    expect(users).toHaveLength(10);
    for (const user of users) {
      expect(Object.keys(user).sort()).toEqual(['id', 'username']);
      expect(user.id).not.toBe(ann.id);
    }
    expect(
      (await call('GET', '/api/users/search?search=quick&limit=11', ann.token)).statusCode,
    ).toBe(400);
    // LIKE wildcards are literal.
    expect(
      (await call('GET', '/api/users/search?search=%25%25', ann.token)).json<UserRefList>().users,
    ).toEqual([]);
  });
});

describe('privacy', () => {
  it('shows a message to its two parties only, whatever the role', async () => {
    const [ann, bob] = [await quickUser(app), await quickUser(app)];
    const others = {
      third: await quickUser(app),
      helper: await quickUser(app, 'helper'),
      moderator: await quickUser(app, 'moderator'),
      admin: await quickUser(app, 'admin'),
    };
    const message = await sent(ann.token, bob.id, 'just between us');
    expect(await thread(ann.token, bob.id)).toEqual([message]);
    expect(await thread(bob.token, ann.id)).toEqual([message]);
    for (const [who, user] of Object.entries(others)) {
      for (const partner of [ann.id, bob.id]) {
        expect(await thread(user.token, partner), who).toEqual([]);
      }
      expect(await conversations(user.token), who).toEqual([]);
      expect(await unread(user.token), who).toBe(0);
      const read = await call('PUT', '/api/messages/read', user.token, {
        messageIds: [message.id],
      });
      expect(read.json<MarkReadResult>().updated, who).toBe(0);
    }
    for (const path of [
      `/api/messages?with=${ann.id}`,
      '/api/messages/conversations',
      '/api/messages/unread/count',
    ]) {
      expect((await call('GET', path)).statusCode).toBe(401);
    }
    expect(
      (await call('PUT', '/api/messages/read', undefined, { messageIds: [message.id] })).statusCode,
    ).toBe(401);
    expect((await send('not-a-token', bob.id, 'x')).statusCode).toBe(401);
    // Nobody but the recipient changed it.
    expect((await thread(bob.token, ann.id))[0]!.read_timestamp).toBeNull();
  });

  it('marks read only messages sent to the caller', async () => {
    const [ann, bob] = [await quickUser(app), await quickUser(app)];
    const toBob = await sent(ann.token, bob.id, 'to bob');
    const toAnn = await sent(bob.token, ann.id, 'to ann');
    // The sender cannot mark their own message read for the recipient.
    const bySender = await call('PUT', '/api/messages/read', ann.token, {
      messageIds: [toBob.id, toAnn.id],
    });
    expect(bySender.json<MarkReadResult>()).toEqual({ success: true, updated: 1, unreadCount: 0 });
    const [first, second] = await thread(bob.token, ann.id);
    expect(first!.read_timestamp).toBeNull();
    expect(second!.read_timestamp).toEqual(expect.any(Number));
    expect(await unread(bob.token)).toBe(1);
    const byRecipient = await call('PUT', '/api/messages/read', bob.token, {
      messageIds: [toBob.id, toBob.id],
    });
    expect(byRecipient.json<MarkReadResult>()).toEqual({
      success: true,
      updated: 1,
      unreadCount: 0,
    });
    // Reading again changes nothing and keeps the first read time.
    const again = await call('PUT', '/api/messages/read', bob.token, { messageIds: [toBob.id] });
    expect(again.json<MarkReadResult>().updated).toBe(0);
    for (const body of [{}, { messageIds: [] }, { messageIds: ['1'] }, { messageIds: [0] }]) {
      expect((await call('PUT', '/api/messages/read', bob.token, body)).statusCode).toBe(400);
    }
  });
});

describe('threads', () => {
  it('pages back with from_id, each page oldest first', async () => {
    const [ann, bob] = [await quickUser(app), await quickUser(app)];
    const all: PrivateMessage[] = [];
    for (let i = 0; i < 5; i++) {
      all.push(await sent(i % 2 ? bob.token : ann.token, i % 2 ? ann.id : bob.id, `m${i}`));
    }
    const latest = await thread(ann.token, bob.id, '&limit=2');
    expect(latest.map((m) => m.message)).toEqual(['m3', 'm4']);
    const older = await thread(ann.token, bob.id, `&limit=2&from_id=${latest[0]!.id}`);
    expect(older.map((m) => m.message)).toEqual(['m1', 'm2']);
    const oldest = await thread(bob.token, ann.id, `&limit=2&from_id=${older[0]!.id}`);
    expect(oldest.map((m) => m.message)).toEqual(['m0']);
    for (const query of ['', '?with=x', '?with=0', `?with=${ann.id}&limit=201`]) {
      expect((await call('GET', `/api/messages${query}`, ann.token)).statusCode).toBe(400);
    }
  });

  it('lists conversations by their latest message', async () => {
    const [ann, bob, cat] = [await quickUser(app), await quickUser(app), await quickUser(app)];
    await sent(bob.token, ann.id, 'first');
    await sent(cat.token, ann.id, 'second');
    await sent(cat.token, ann.id, 'third');
    expect((await conversations(ann.token)).map((c) => [c.id, c.unread_count])).toEqual([
      [cat.id, 2],
      [bob.id, 1],
    ]);
    await sent(ann.token, bob.id, 'reply');
    expect((await conversations(ann.token)).map((c) => c.id)).toEqual([bob.id, cat.id]);
  });
});

describe('live', () => {
  it("reaches the recipient's pages (message and unread count) and nobody else's", async () => {
    const [ann, bob, eve] = [await quickUser(app), await quickUser(app), await quickUser(app)];
    const [bobPage, bobPhone, annPage, evePage, anonymous] = [
      await socketOf(bob.token),
      await socketOf(bob.token),
      await socketOf(ann.token),
      await socketOf(eve.token),
      await socketOf(null),
    ];
    const message = await sent(ann.token, bob.id, 'are you there?');
    for (const page of [bobPage, bobPhone]) {
      expect(await nextOf(page, 'private_message')).toEqual({ type: 'private_message', message });
      expect(await nextOf(page, 'unread_count')).toEqual({ type: 'unread_count', unreadCount: 1 });
    }
    // The sender's own pages show it in the thread too, without an unread count.
    expect(await nextOf(annPage, 'private_message')).toEqual({ type: 'private_message', message });

    // Reading clears the reader's badge everywhere and turns on the sender's read ticks.
    const read = await call('PUT', '/api/messages/read', bob.token, { messageIds: [message.id] });
    expect(read.statusCode).toBe(200);
    expect(await nextOf(bobPhone, 'unread_count')).toEqual({
      type: 'unread_count',
      unreadCount: 0,
    });
    expect(await nextOf(annPage, 'messages_read')).toEqual({
      type: 'messages_read',
      reader_id: bob.id,
      ids: [message.id],
      read_timestamp: expect.any(Number),
    });

    // A public chat message after it reaches everyone; by then any private leak would have too.
    const marker = await quickUser(app);
    await call('POST', '/api/oneliner', marker.token, { message: 'public marker' });
    for (const page of [evePage, anonymous, annPage]) await nextOf(page, 'chat_message');
    expect(privateFrames(evePage)).toEqual([]);
    expect(privateFrames(anonymous)).toEqual([]);
    expect(privateFrames(annPage).map((m) => m.type)).toEqual(['private_message', 'messages_read']);
  });
});
