import type { PlaybackUpdate } from '@queuecast/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../api/keys';
import { liveLineKey } from '../api/live-line';
import { ownMuteKey } from '../features/chat/own-mute';
import { feedKey } from '../features/feed/feed-cache';
import { inboxKeys, threadMessages, type ThreadData } from '../features/inbox/inbox-cache';
import { chatFeedKey } from '../lib/chat-feed';
import { routeLiveMessage } from '../lib/live-messages';
import { playbackKey } from '../lib/playback';
import { serverNow } from '../lib/server-clock';
import { createQueueSong } from '../test/factories';
import { liveHandlers, SESSION_ENDED_TEXT } from './live-handlers';

const update = (fields: Partial<PlaybackUpdate> = {}): PlaybackUpdate => ({
  type: 'playback_update',
  now_playing: createQueueSong(1, { source: 'now', isNowPlaying: true }),
  queue: [],
  history: [],
  active_users: [],
  oneliner: [],
  listeners: 2,
  server_time: 1_000_000,
  station: { name: 'Test FM', dj_label: 'Robot' },
  live: null,
  shows: [],
  ...fields,
});

function setup(userId?: number) {
  const queryClient = new QueryClient();
  const success = vi.fn();
  const adoptRole = vi.fn();
  const sessionEnded = vi.fn();
  const handlers = liveHandlers({
    queryClient,
    currentUserId: () => userId,
    success,
    adoptRole,
    sessionEnded,
  });
  const receive = (message: Parameters<typeof routeLiveMessage>[0]) =>
    routeLiveMessage(message, handlers);
  return { queryClient, success, adoptRole, sessionEnded, receive };
}

describe('liveHandlers', () => {
  it("keeps each song's upload status where the upload form reads it", () => {
    const { queryClient, receive } = setup(7);
    receive({ type: 'upload_status', song_id: 4, state: 'queued', position: 2 });
    receive({ type: 'upload_status', song_id: 5, state: 'analysing' });
    expect(queryClient.getQueryData([...queryKeys.uploadStatus, 4])).toEqual({
      type: 'upload_status',
      song_id: 4,
      state: 'queued',
      position: 2,
    });
    receive({ type: 'upload_status', song_id: 4, state: 'analysing' });
    expect(queryClient.getQueryData([...queryKeys.uploadStatus, 4])).toMatchObject({
      state: 'analysing',
    });
    expect(queryClient.getQueryData([...queryKeys.uploadStatus, 5])).toMatchObject({
      state: 'analysing',
    });
  });

  it('keeps the latest playback update and syncs the clock to it', () => {
    const { queryClient, receive } = setup();
    const latest = update({ server_time: Date.now() / 1000 + 3600 });
    receive(update());
    receive(latest);
    expect(queryClient.getQueryData(playbackKey)).toEqual(latest);
    expect(serverNow()).toBeCloseTo(latest.server_time, 0);
  });

  it('changes only the listener count of the cached update, and nothing before one exists', () => {
    const { queryClient, receive } = setup();
    receive({ type: 'listeners', listeners: 9 });
    expect(queryClient.getQueryData(playbackKey)).toBeUndefined();
    const first = update();
    receive(first);
    receive({ type: 'listeners', listeners: 9 });
    expect(queryClient.getQueryData(playbackKey)).toEqual({ ...first, listeners: 9 });
  });

  it("writes the unread count under the signed-in user's key", () => {
    const { queryClient, receive } = setup(7);
    receive({ type: 'unread_count', unreadCount: 4 });
    expect(queryClient.getQueryData([...queryKeys.unreadMessages, 7])).toBe(4);

    const anonymous = setup();
    anonymous.receive({ type: 'unread_count', unreadCount: 4 });
    expect(anonymous.queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('toasts when a request goes on air', () => {
    const { success, receive } = setup();
    receive({ type: 'request_on_air', song: { id: 3, title: 'Tune', artist: 'Band' } });
    expect(success).toHaveBeenCalledExactlyOnceWith('Your request "Band - Tune" is on air');
  });

  it('keeps the chat feed: seeded by updates, added to live, removed on deletion', () => {
    const { queryClient, receive } = setup();
    const line = (id: number) => ({
      id,
      author_id: 1,
      author: 'ann',
      message: `m${id}`,
      timestamp: 1,
    });
    receive(update({ oneliner: [line(2), line(1)] }));
    receive({ type: 'chat_message', message: line(3) });
    receive({ type: 'chat_message', message: line(3) });
    receive({ type: 'chat_deleted', id: 2 });
    const feed = queryClient.getQueryData<{ id: number }[]>(chatFeedKey);
    expect(feed?.map((m) => m.id)).toEqual([3, 1]);
  });

  it('leaves the cache alone for session messages and deletions before any chat', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const { queryClient, receive } = setup();
    receive({ type: 'chat_deleted', id: 1 });
    receive({ type: 'session', user: null, error: 'expired' });
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(debug).toHaveBeenCalledOnce();
    debug.mockRestore();
  });

  it('puts private messages into the loaded thread and list, and read receipts into the thread', () => {
    const { queryClient, receive } = setup(7);
    const message = (id: number, from: number, to: number) => ({
      id,
      from_uid: from,
      to_uid: to,
      from_username: from === 7 ? 'me' : 'pal',
      message: `hi ${id}`,
      sent_timestamp: 100 + id,
      read_timestamp: null,
    });
    const empty: ThreadData = {
      pages: [{ messages: [], hasOlder: false }],
      pageParams: [undefined],
    };
    queryClient.setQueryData(inboxKeys.thread(7, 8), empty);
    queryClient.setQueryData(inboxKeys.conversations(7), [
      { id: 8, username: 'pal', last_message_time: 1, last_message_id: 0, unread_count: 0 },
    ]);
    receive({ type: 'private_message', message: message(1, 8, 7) });
    receive({ type: 'private_message', message: message(2, 7, 8) });
    receive({ type: 'private_message', message: message(2, 7, 8) });
    receive({ type: 'messages_read', reader_id: 8, ids: [2], read_timestamp: 500 });
    const shown = threadMessages(queryClient.getQueryData<ThreadData>(inboxKeys.thread(7, 8)));
    expect(shown.map((m) => [m.id, m.read_timestamp])).toEqual([
      [1, null],
      [2, 500],
    ]);
    expect(queryClient.getQueryData(inboxKeys.conversations(7))).toEqual([
      { id: 8, username: 'pal', last_message_time: 102, last_message_id: 2, unread_count: 1 },
    ]);

    const anonymous = setup();
    anonymous.receive({ type: 'private_message', message: message(1, 8, 7) });
    expect(anonymous.queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('puts a pushed feed item on top of the loaded feed', () => {
    const { queryClient, receive } = setup();
    const item = (id: number) => ({
      key: `comment:${id}`,
      kind: 'comment' as const,
      id,
      at: id,
      song: { id: 1, title: 't', artist: null },
      username: 'ann',
      text: 'hi',
    });
    queryClient.setQueryData(feedKey, {
      pages: [{ items: [item(1)], next: null }],
      pageParams: [undefined],
    });
    receive({ type: 'feed_item', item: item(2) });
    expect(queryClient.getQueryData(feedKey)).toEqual({
      pages: [{ items: [item(2), item(1)], next: null }],
      pageParams: [undefined],
    });
  });

  it("takes the user's current role from the session answer", () => {
    const { adoptRole, receive } = setup(7);
    receive({ type: 'session', user: { id: 7, username: 'ann', role: 'helper' } });
    expect(adoptRole).toHaveBeenCalledExactlyOnceWith(7, 'helper');
    receive({ type: 'session', user: null });
    expect(adoptRole).toHaveBeenCalledOnce();
  });

  it('hands a session the server ended, with its version and words, to the session store', () => {
    const { sessionEnded, receive } = setup(7);
    receive({
      type: 'session',
      user: null,
      error: 'Your session has ended. Please log in again.',
      token_version: 4,
    });
    expect(sessionEnded).toHaveBeenCalledExactlyOnceWith(
      4,
      'Your session has ended. Please log in again.',
    );
    receive({ type: 'session', user: null, token_version: 5 });
    expect(sessionEnded).toHaveBeenLastCalledWith(5, SESSION_ENDED_TEXT);
  });

  it('leaves the session alone for a logout answer, a refused token and a sign-in', () => {
    const { sessionEnded, receive } = setup(7);
    receive({ type: 'session', user: null });
    receive({
      type: 'session',
      user: null,
      error: 'Your session has expired. Please log in again.',
    });
    receive({ type: 'session', user: { id: 7, username: 'ann', role: 'user' } });
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it("records the user's mute from the session answer and from staff's changes", () => {
    const { queryClient, receive } = setup(7);
    receive({ type: 'session', user: { id: 7, username: 'ann', role: 'user' }, muted_until: 500 });
    expect(queryClient.getQueryData(ownMuteKey)).toEqual({ userId: 7, until: 500 });
    receive({ type: 'mute_changed', muted_until: 900 });
    expect(queryClient.getQueryData(ownMuteKey)).toEqual({ userId: 7, until: 900 });
    // Lifted: an end already passed.
    receive({ type: 'mute_changed', muted_until: null });
    expect(queryClient.getQueryData(ownMuteKey)).toEqual({ userId: 7, until: 0 });
  });

  it("puts a request line push on the signed-in DJ's loaded line", () => {
    const { queryClient, receive } = setup(7);
    const item = (id: number) => ({
      id,
      kind: 'request' as const,
      from: 'ann',
      message: null,
      song: { id: 3, title: 'Tune', artist: null },
      created_at: 100 + id,
    });
    queryClient.setQueryData(liveLineKey(7), { on_air: true, items: [item(1)] });
    receive({ type: 'live_line', item: item(2) });
    expect(queryClient.getQueryData(liveLineKey(7))).toEqual({
      on_air: true,
      items: [item(2), item(1)],
    });

    const anonymous = setup();
    anonymous.receive({ type: 'live_line', item: item(2) });
    expect(anonymous.queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
