import { FEED_KINDS, type FeedItem, type FeedKind, type FeedPage } from '@queuecast/contract';
import type { FeedCursor, FeedRepo, FeedRow } from './feed.repo.js';

/**
 * The station feed: every source read past the cursor, merged newest first. Items order by
 * (time, kind, id), so a page boundary inside one second neither repeats nor skips an item.
 */
export class FeedService {
  constructor(private readonly repo: FeedRepo) {}

  async page(limit: number, before?: string): Promise<FeedPage> {
    const cursor = before === undefined ? undefined : parseCursor(before);
    const lists = await Promise.all(
      FEED_KINDS.map((kind, rank) => this.repo.page(kind, rank, limit + 1, cursor)),
    );
    const merged = lists.flat().sort((a, b) => compare(b, a));
    const items = merged.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map(present),
      next: merged.length > limit && last ? cursorOf(last) : null,
    };
  }

  /** One item as the feed shows it, for a live push; null once it no longer exists. */
  async item(kind: FeedKind, id: number): Promise<FeedItem | null> {
    const row = await this.repo.item(kind, id);
    return row ? present(row) : null;
  }
}

const rankOf = (kind: FeedKind) => FEED_KINDS.indexOf(kind);

function compare(a: FeedRow, b: FeedRow): number {
  return a.at - b.at || rankOf(a.kind) - rankOf(b.kind) || a.id - b.id;
}

function cursorOf(row: FeedRow): string {
  return `${row.at}-${rankOf(row.kind)}-${row.id}`;
}

/** The contract checked the shape (digits-digit-digits); the rank must name a kind. */
function parseCursor(text: string): FeedCursor | undefined {
  const [at, rank, id] = text.split('-').map(Number) as [number, number, number];
  return { at, rank: Math.min(rank, FEED_KINDS.length), id };
}

function present(row: FeedRow): FeedItem {
  const item: FeedItem = {
    key: `${row.kind}:${row.id}`,
    kind: row.kind,
    id: row.id,
    at: row.at,
    song: { id: row.song_id, title: row.title, artist: row.artist },
    username: row.username,
  };
  if (row.kind === 'comment' && row.text !== null) item.text = row.text;
  return item;
}
