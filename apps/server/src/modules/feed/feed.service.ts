import { FEED_KINDS, type FeedItem, type FeedKind, type FeedPage } from '@queuecast/contract';
import { songAudience, type SongAudience, type SongViewer } from '../../core/song-visibility.js';
import type { FeedCursor, FeedRepo, FeedRow } from './feed.repo.js';

/**
 * The station feed: every source read past the cursor, merged newest first. Items order by
 * (time, kind, id), so a page boundary inside one second neither repeats nor skips an item.
 * Items about a song waiting for review are for staff and the listener who added it only
 * (core/song-visibility.ts), in pages and live pushes alike.
 */
export class FeedService {
  constructor(private readonly repo: FeedRepo) {}

  async page(
    limit: number,
    before: string | undefined,
    viewer: SongViewer | null,
  ): Promise<FeedPage> {
    const cursor = before === undefined ? undefined : parseCursor(before);
    const lists = await Promise.all(
      FEED_KINDS.map((kind, rank) => this.repo.page(kind, rank, limit + 1, viewer, cursor)),
    );
    const merged = lists.flat().sort((a, b) => compare(b, a));
    const items = merged.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map(present),
      next: merged.length > limit && last ? cursorOf(last) : null,
    };
  }

  /**
   * One item as the feed shows it, for a live push, with who may hear of it; null once it no
   * longer exists.
   */
  async item(
    kind: FeedKind,
    id: number,
  ): Promise<{ item: FeedItem; audience: SongAudience } | null> {
    const row = await this.repo.item(kind, id);
    if (!row) return null;
    return {
      item: present(row),
      audience: songAudience({ reviewed: row.reviewed !== 0, added_by: row.added_by }),
    };
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
