import type { FeedItem, FeedPage } from '@queuecast/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { addFeedItem } from './feed-cache';

const item = (id: number): FeedItem => ({
  key: `comment:${id}`,
  kind: 'comment',
  id,
  at: id,
  song: { id: 1, title: 't', artist: null },
  username: 'ann',
  text: 'hi',
});
const data = (...pages: FeedItem[][]): InfiniteData<FeedPage, string | undefined> => ({
  pages: pages.map((items) => ({ items, next: null })),
  pageParams: pages.map(() => undefined),
});
const keys = (d: InfiniteData<FeedPage, string | undefined> | undefined) =>
  d?.pages.map((p) => p.items.map((i) => i.id));

describe('addFeedItem', () => {
  it('puts a new item on top of the first page', () => {
    expect(keys(addFeedItem(data([item(2), item(1)], [item(0)]), item(3)))).toEqual([
      [3, 2, 1],
      [0],
    ]);
  });

  it('keeps one copy of an item already shown', () => {
    const loaded = data([item(2)], [item(1)]);
    expect(addFeedItem(loaded, item(1))).toBe(loaded);
  });

  it('keeps nothing before the page has loaded', () => {
    expect(addFeedItem(undefined, item(1))).toBeUndefined();
  });
});
