import { LIMITS, type LiveLineItem } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { addLiveLineItem } from './live-line';

const item = (id: number): LiveLineItem => ({
  id,
  kind: 'dedication',
  from: 'ann',
  message: `for you ${id}`,
  song: null,
  created_at: 1000 + id,
});

describe('addLiveLineItem', () => {
  it('puts a new item on top of the loaded line', () => {
    const next = addLiveLineItem({ on_air: true, items: [item(2), item(1)] }, item(3));
    expect(next?.items.map((i) => i.id)).toEqual([3, 2, 1]);
  });

  it('keeps an item once when its push crosses the reload that brought it', () => {
    const data = { on_air: true, items: [item(2), item(1)] };
    expect(addLiveLineItem(data, item(2))).toBe(data);
  });

  it('keeps nothing before the line has loaded', () => {
    expect(addLiveLineItem(undefined, item(1))).toBeUndefined();
  });

  it('keeps as many items as the server shows', () => {
    const full = {
      on_air: true,
      items: Array.from({ length: LIMITS.liveLineShown }, (_, i) => item(i + 1)).reverse(),
    };
    const next = addLiveLineItem(full, item(LIMITS.liveLineShown + 1));
    expect(next?.items).toHaveLength(LIMITS.liveLineShown);
    expect(next?.items[0]?.id).toBe(LIMITS.liveLineShown + 1);
    expect(next?.items.at(-1)?.id).toBe(2);
  });
});
