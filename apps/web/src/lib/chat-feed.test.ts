import type { OnelinerMessage } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { addMessage, CHAT_FEED_MAX, mergeLatest } from './chat-feed';

const msg = (id: number): OnelinerMessage => ({
  id,
  author_id: id,
  author: `user${id}`,
  message: `hello ${id}`,
  timestamp: 1000 + id,
});
const ids = (list: OnelinerMessage[]) => list.map((m) => m.id);

describe('chat feed', () => {
  it('seeds from the latest messages, newest first', () => {
    expect(ids(mergeLatest(undefined, [msg(2), msg(3), msg(1)]))).toEqual([3, 2, 1]);
  });

  it('keeps older messages and drops ones the latest span no longer has', () => {
    const feed = [msg(6), msg(5), msg(4), msg(3), msg(2)];
    expect(ids(mergeLatest(feed, [msg(7), msg(6), msg(4)]))).toEqual([7, 6, 4, 3, 2]);
  });

  it('keeps a live message newer than an update that was built before it', () => {
    const feed = addMessage(mergeLatest(undefined, [msg(3), msg(2)]), msg(4));
    expect(ids(mergeLatest(feed, [msg(3), msg(2)]))).toEqual([4, 3, 2]);
  });

  it('keeps the feed when the update has no messages', () => {
    expect(ids(mergeLatest([msg(1)], []))).toEqual([1]);
  });

  it('adds a live message once, in order, bounded', () => {
    let feed = addMessage(undefined, msg(1));
    feed = addMessage(feed, msg(3));
    feed = addMessage(feed, msg(3));
    feed = addMessage(feed, msg(2));
    expect(ids(feed)).toEqual([3, 2, 1]);
    for (let id = 4; id < 100; id++) feed = addMessage(feed, msg(id));
    expect(feed).toHaveLength(CHAT_FEED_MAX);
    expect(feed[0]!.id).toBe(99);
  });
});
