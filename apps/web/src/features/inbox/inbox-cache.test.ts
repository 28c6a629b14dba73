import type { Conversation, PrivateMessage } from '@queuecast/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  addToConversations,
  addToThread,
  clearConversationUnread,
  decrementUnread,
  inboxKeys,
  markThreadRead,
  partnerOf,
  storeOwnRead,
  storePrivateMessage,
  threadMessages,
  type ThreadData,
} from './inbox-cache';

const ME = 1;
const msg = (id: number, fields: Partial<PrivateMessage> = {}): PrivateMessage => ({
  id,
  from_uid: 2,
  to_uid: ME,
  from_username: 'bob',
  message: `m${id}`,
  sent_timestamp: 1000 + id,
  read_timestamp: null,
  ...fields,
});
const conv = (id: number, time: number, unread = 0, lastId = 0): Conversation => ({
  id,
  username: `u${id}`,
  last_message_time: time,
  last_message_id: lastId,
  unread_count: unread,
});
const thread = (...pages: PrivateMessage[][]): ThreadData => ({
  pages: pages.map((messages) => ({ messages, hasOlder: false })),
  pageParams: pages.map(() => undefined),
});

describe('conversation list updates', () => {
  it('names the partner from either side', () => {
    expect(partnerOf(msg(1), ME)).toBe(2);
    expect(partnerOf(msg(1, { from_uid: ME, to_uid: 3 }), ME)).toBe(3);
  });

  it('moves the partner to the top and counts an incoming message as unread', () => {
    const list = [conv(3, 2000), conv(2, 1000, 1)];
    const next = addToConversations(list, msg(5, { sent_timestamp: 3000 }), ME);
    expect(next).toEqual([conv(2, 3000, 2, 5), conv(3, 2000)]);
  });

  it('does not count a message the fetched list already holds', () => {
    // The list was fetched after message 5 was stored; its live push arrives afterwards.
    const list = [conv(2, 3000, 2, 5), conv(3, 2000)];
    expect(addToConversations(list, msg(5, { sent_timestamp: 3000 }), ME)).toEqual(list);
    expect(addToConversations(list, msg(4), ME)).toEqual(list);
    expect(addToConversations(list, msg(6, { sent_timestamp: 3001 }), ME)).toEqual([
      conv(2, 3001, 3, 6),
      conv(3, 2000),
    ]);
  });

  it("does not count one's own message as unread", () => {
    const list = [conv(3, 2000), conv(2, 1000)];
    const own = msg(6, { from_uid: ME, to_uid: 2, sent_timestamp: 2500 });
    expect(addToConversations(list, own, ME)).toEqual([conv(2, 2500, 0, 6), conv(3, 2000)]);
  });

  it('asks for a reload when the partner is new', () => {
    expect(addToConversations([conv(3, 2000)], msg(7), ME)).toBeNull();
  });

  it("clears one partner's unread count", () => {
    expect(clearConversationUnread([conv(2, 1, 4), conv(3, 1, 2)], 2)).toEqual([
      conv(2, 1, 0),
      conv(3, 1, 2),
    ]);
  });

  it('decrements the badge, never below 0', () => {
    expect(decrementUnread(5, 2)).toBe(3);
    expect(decrementUnread(1, 3)).toBe(0);
  });
});

describe('thread updates', () => {
  it('appends to the latest page in id order, once', () => {
    const data = thread([msg(1)], [msg(3), msg(5)]);
    const next = addToThread(addToThread(data, msg(4)), msg(4));
    expect(threadMessages(next).map((m) => m.id)).toEqual([1, 3, 4, 5]);
    expect(next.pages[0]).toBe(data.pages[0]);
    expect(addToThread(next, msg(1))).toBe(next);
  });

  it('turns on read times for the given ids only', () => {
    const data = thread([msg(1), msg(2, { read_timestamp: 50 })], [msg(3)]);
    const next = markThreadRead(data, new Set([2, 3]), 99);
    expect(threadMessages(next).map((m) => m.read_timestamp)).toEqual([null, 50, 99]);
    expect(next.pages[0]).toBe(data.pages[0]);
    expect(markThreadRead(next, new Set([3]), 100)).toBe(next);
  });
});

describe('cache stores', () => {
  it('adds a message to a loaded thread and list; a new partner reloads the list', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(inboxKeys.thread(ME, 2), thread([msg(1)]));
    queryClient.setQueryData(inboxKeys.conversations(ME), [conv(2, 1001)]);
    storePrivateMessage(queryClient, msg(2), ME);
    expect(
      threadMessages(queryClient.getQueryData(inboxKeys.thread(ME, 2))).map((m) => m.id),
    ).toEqual([1, 2]);
    expect(queryClient.getQueryData(inboxKeys.conversations(ME))).toEqual([conv(2, 1002, 1, 2)]);

    storePrivateMessage(queryClient, msg(3, { from_uid: 9 }), ME);
    expect(queryClient.getQueryState(inboxKeys.conversations(ME))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(inboxKeys.thread(ME, 9))).toBeUndefined();
  });

  it("reading one's own thread clears its entry and lowers the badge", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(inboxKeys.thread(ME, 2), thread([msg(1), msg(2)]));
    queryClient.setQueryData(inboxKeys.conversations(ME), [conv(2, 1, 2), conv(3, 1, 1)]);
    queryClient.setQueryData(inboxKeys.unread(ME), 3);
    storeOwnRead(queryClient, ME, 2, [1, 2], 77);
    expect(queryClient.getQueryData(inboxKeys.unread(ME))).toBe(1);
    expect(queryClient.getQueryData(inboxKeys.conversations(ME))).toEqual([
      conv(2, 1, 0),
      conv(3, 1, 1),
    ]);
    expect(
      threadMessages(queryClient.getQueryData(inboxKeys.thread(ME, 2))).map(
        (m) => m.read_timestamp,
      ),
    ).toEqual([77, 77]);
  });
});
