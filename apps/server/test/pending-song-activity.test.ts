import {
  LiveServerMessageSchema,
  type FeedItem,
  type FeedPage,
  type LiveServerMessage,
  type RecentComment,
  type SongEntry,
} from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, createSong, makePlayable } from './helpers/factories.js';
import { closeAll, connect, listening, type Client } from './helpers/live-clients.js';
import { getAs, pendingSong, viewers, type Caller, type Viewers } from './helpers/pending-song.js';

// What listeners do with songs (comments, votes, favourites, requests) and the feed that shows
// it: a song waiting for review is out of it for anyone but staff and its adder.

let app: App;
let url: string;
let who: Viewers;
const clients: Client[] = [];
beforeAll(async () => {
  ({ app, url } = await listening({}));
  who = await viewers(app);
});
afterAll(() => closeAll(app, clients));

const cases = (): [string, Caller, boolean][] => [
  ['an anonymous visitor', who.anonymous, false],
  ['another listener', who.other, false],
  ['its adder', who.adder, true],
  ['staff', who.staff, true],
];

const post = (caller: { token: string }, path: string, payload?: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: path, headers: bearer(caller.token), payload });

describe('acting on a song waiting for review', () => {
  it('answers 404 to another listener’s comment, vote, favourite and request', async () => {
    const song = await pendingSong(app, who.adder);
    const calls = [
      post(who.other, `/api/song/${song.songId}/comment`, { comment: 'found it' }),
      post(who.other, `/api/song/${song.songId}/vote`, { vote: 5 }),
      post(who.other, '/api/user/favorites', { song_id: song.songId }),
      post(who.other, `/api/song/${song.songId}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json<{ error: string }>().error).toBe('Song not found.');
    }
  });

  it('lets its adder comment, vote and favourite, but not request it', async () => {
    const song = await pendingSong(app, who.adder);
    const comment = await post(who.adder, `/api/song/${song.songId}/comment`, { comment: 'mine' });
    expect(comment.statusCode).toBe(200);
    expect((await post(who.adder, `/api/song/${song.songId}/vote`, { vote: 4 })).statusCode).toBe(
      200,
    );
    const favorite = await post(who.adder, '/api/user/favorites', { song_id: song.songId });
    expect(favorite.statusCode).toBe(200);
    const request = await post(who.adder, `/api/song/${song.songId}`);
    expect(request.statusCode).toBe(409);
    expect(request.json<{ error: string }>().error).toBe('This song has no playable file.');
    // As the lists show it to its adder: not playable, so not requestable.
    const favorites = await getAs<{ favorites: SongEntry[] }>(
      app,
      '/api/user/favorites',
      who.adder,
    );
    const listed = favorites.body.favorites.find((f) => f.song.id === song.songId)?.song;
    expect(listed).toMatchObject({ status: 'review', has_file: false, requestable_at: null });
    const votes = await getAs<{ votes: Record<string, number> }>(app, '/api/userVotes', who.adder);
    expect(votes.body.votes[String(song.songId)]).toBe(4);
  });

  it('keeps its comments out of the recent comments of anyone but staff and its adder', async () => {
    const song = await pendingSong(app, who.adder);
    const text = `waiting words ${song.songId}`;
    expect(
      (await post(who.adder, `/api/song/${song.songId}/comment`, { comment: text })).statusCode,
    ).toBe(200);
    for (const [name, caller, sees] of cases()) {
      const recent = await getAs<{ comments: RecentComment[] }>(
        app,
        '/api/comments/recent',
        caller,
      );
      expect(
        recent.body.comments.some((c) => c.comment === text),
        name,
      ).toBe(sees);
    }
  });
});

describe('the feed and a song waiting for review', () => {
  it('lists its items for staff and its adder only', async () => {
    const song = await pendingSong(app, who.adder);
    const text = `feed words ${song.songId}`;
    await post(who.adder, `/api/song/${song.songId}/comment`, { comment: text });
    for (const [name, caller, sees] of cases()) {
      const feed = await getAs<FeedPage>(app, '/api/feed?limit=100', caller);
      expect(feed.status).toBe(200);
      expect(
        feed.body.items.some((i) => i.song.id === song.songId),
        name,
      ).toBe(sees);
    }
  });

  it('pushes its items to staff’s and its adder’s pages only', async () => {
    const pages = await Promise.all(cases().map(([, caller]) => signedIn(caller)));
    const song = await pendingSong(app, who.adder);
    await post(who.adder, `/api/song/${song.songId}/comment`, { comment: 'live, waiting' });
    // Even were it to play (its status set by hand), its news is not everyone's.
    await app.ctx.db
      .updateTable('songs')
      .set({ status: 'active' })
      .where('id', '=', song.songId)
      .execute();
    app.ctx.bus.publish({ type: 'feed.added', kind: 'new_song', id: song.songId });
    // Then an item everyone hears: once it has arrived, the earlier ones would have too.
    const marker = await createSong(app, { title: 'Everyone hears this' });
    await makePlayable(app, marker);
    await post(who.other, `/api/song/${marker}/comment`, { comment: 'marker' });
    for (const [i, [name, , sees]] of cases().entries()) {
      const items = await feedItemsUntil(pages[i]!, (item) => item.song.id === marker);
      const kinds = items.filter((item) => item.song.id === song.songId).map((item) => item.kind);
      expect(kinds.sort(), name).toEqual(sees ? ['comment', 'new_song'] : []);
    }
  });
});

/** A live page, signed in as the caller when there is one, once the server has said so. */
async function signedIn(caller: Caller): Promise<Client> {
  const client = await connect(url);
  clients.push(client);
  if (caller) {
    client.ws.send(JSON.stringify({ type: 'auth', token: caller.token }));
    await messagesUntil(client, (m) => m.type === 'session' && m.user?.id === caller.id);
  }
  return client;
}

async function messagesUntil(client: Client, done: (m: LiveServerMessage) => boolean) {
  const seen: LiveServerMessage[] = [];
  for (;;) {
    const message = LiveServerMessageSchema.parse(JSON.parse(await client.next()));
    seen.push(message);
    if (done(message)) return seen;
  }
}

async function feedItemsUntil(client: Client, last: (item: FeedItem) => boolean) {
  const messages = await messagesUntil(client, (m) => m.type === 'feed_item' && last(m.item));
  return messages.flatMap((m) => (m.type === 'feed_item' ? [m.item] : []));
}
