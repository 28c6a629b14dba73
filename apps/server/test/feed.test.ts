import {
  FeedPageSchema,
  LiveServerMessageSchema,
  type FeedItem,
  type FeedPage,
} from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, createSong, makePlayable, quickUser } from './helpers/factories.js';
import { closeAll, connect, listening, type Client } from './helpers/live-clients.js';

let app: App;
let url: string;
const clients: Client[] = [];

beforeAll(async () => {
  ({ app, url } = await listening({}));
});
afterAll(() => closeAll(app, clients));

async function feed(query = ''): Promise<FeedPage> {
  const res = await app.inject({ url: `/api/feed${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return FeedPageSchema.parse(res.json());
}

/** Every item, page by page, following `next`. */
async function everyItem(limit: number): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  let before: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const page: FeedPage = await feed(
      `?limit=${limit}${before === null ? '' : `&before=${before}`}`,
    );
    expect(page.items.length).toBeLessThanOrEqual(limit);
    items.push(...page.items);
    if (page.next === null) return items;
    expect(page.items).toHaveLength(limit);
    before = page.next;
  }
  throw new Error('the feed did not end');
}

const request = (token: string, songId: number) =>
  app.inject({ method: 'POST', url: `/api/song/${songId}`, headers: bearer(token) });
const comment = (token: string, songId: number, text: string) =>
  app.inject({
    method: 'POST',
    url: `/api/song/${songId}/comment`,
    headers: bearer(token),
    payload: { comment: text },
  });
const nameOf = async (id: number) => (await app.ctx.repos.users.findById(id))!.username;

async function playableSong(title: string): Promise<number> {
  const id = await createSong(app, { title, artists: ['Feed Artist'] });
  await makePlayable(app, id);
  return id;
}

describe('GET /api/feed', () => {
  it('shows plays with their requester, requests, comments and new songs, to anyone', async () => {
    const ann = await quickUser(app);
    const requested = await playableSong('Asked For');
    const picked = await playableSong('Picked By The DJ');
    expect((await request(ann.token, requested)).statusCode).toBe(200);
    expect((await comment(ann.token, requested, 'what a tune')).statusCode).toBe(200);
    const queueId = (
      await app.ctx.db
        .selectFrom('queue_entries')
        .select('id')
        .where('song_id', '=', requested)
        .executeTakeFirstOrThrow()
    ).id;
    const now = Math.floor(Date.now() / 1000);
    await app.ctx.repos.station.start({ queueId, songId: requested, length: 60 }, now);
    await app.ctx.repos.station.start({ queueId: null, songId: picked, length: 60 }, now + 1);

    const { items } = await feed('?limit=100');
    const annName = await nameOf(ann.id);
    const byKind = (kind: FeedItem['kind'], songId: number) =>
      items.filter((i) => i.kind === kind && i.song.id === songId);
    expect(byKind('played', requested)).toEqual([
      expect.objectContaining({
        username: annName,
        song: { id: requested, title: 'Asked For', artist: 'Feed Artist' },
      }),
    ]);
    expect(byKind('played', picked)).toEqual([expect.objectContaining({ username: null })]);
    expect(byKind('requested', requested)).toEqual([
      expect.objectContaining({ username: annName }),
    ]);
    // The auto-DJ's own pick is a play, not a request.
    expect(byKind('requested', picked)).toEqual([]);
    expect(byKind('comment', requested)).toEqual([
      expect.objectContaining({ username: annName, text: 'what a tune' }),
    ]);
    expect(byKind('new_song', requested)).toHaveLength(1);
    // Newest first.
    const times = items.map((i) => i.at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(items[0]).toMatchObject({ kind: 'played', song: { id: picked } });
  });

  it('leaves out songs that cannot be played yet', async () => {
    const waiting = await createSong(app, { title: 'No File Yet' });
    const { items } = await feed('?limit=100');
    expect(items.some((i) => i.song.id === waiting)).toBe(false);
  });

  it('pages with the next cursor without repeating or skipping an item', async () => {
    const bob = await quickUser(app);
    for (let i = 0; i < 6; i++) {
      const song = await playableSong(`Paged ${i}`);
      await comment(bob.token, song, `c${i}`);
    }
    const all = (await feed('?limit=100')).items;
    expect(all.length).toBeGreaterThan(15);
    for (const limit of [1, 4, 7]) {
      expect((await everyItem(limit)).map((i) => i.key)).toEqual(all.map((i) => i.key));
    }
    expect(new Set(all.map((i) => i.key)).size).toBe(all.length);
  });

  it('refuses a bad cursor or limit with a message', async () => {
    for (const query of [
      '?before=abc',
      '?before=1-2',
      '?limit=0',
      '?limit=101',
      '?before=1-9-1x',
    ]) {
      const res = await app.inject({ url: `/api/feed${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/limit|cursor/);
    }
  });

  it('never carries private data', async () => {
    const [ann, bob] = [await quickUser(app), await quickUser(app)];
    await app.ctx.db
      .updateTable('users')
      .set({ email: 'secret@example.org' })
      .where('id', '=', ann.id)
      .execute();
    await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: bearer(ann.token),
      payload: { to_uid: bob.id, message: 'a private word' },
    });
    await comment(ann.token, await playableSong('Public'), 'a public word');
    const body = (await app.inject({ url: '/api/feed?limit=100' })).body;
    expect(body).toContain('a public word');
    expect(body).not.toContain('a private word');
    expect(body).not.toContain('secret@example.org');
    for (const item of FeedPageSchema.parse(JSON.parse(body)).items) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'at',
          'id',
          'key',
          'kind',
          'song',
          'username',
          ...(item.kind === 'comment' ? ['text'] : []),
        ].sort(),
      );
    }
  });
});

describe('live feed', () => {
  it('pushes each new item to every page as the feed shows it', async () => {
    const ann = await quickUser(app);
    const song = await playableSong('Live One');
    const page = await connect(url);
    clients.push(page);
    await page.next(); // the greeting update
    await comment(ann.token, song, 'live words');
    await request(ann.token, song);
    const pushed: FeedItem[] = [];
    while (pushed.length < 2) {
      const message = LiveServerMessageSchema.parse(JSON.parse(await page.next()));
      if (message.type === 'feed_item') pushed.push(message.item);
    }
    const { items } = await feed('?limit=100');
    for (const item of pushed) expect(items).toContainEqual(item);
    expect(pushed.map((i) => i.kind).sort()).toEqual(['comment', 'requested']);
  });
});
