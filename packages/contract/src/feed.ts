import { z } from 'zod';
import { FEED_KINDS, LIMITS } from './limits.js';

/**
 * One thing that happened at the station, as the public feed shows it: a song played (with
 * who requested it), a request, a comment, a song added to the catalogue. Public facts only:
 * usernames as the queue and the comments already show them, never an email or a message.
 */
export const FeedItemSchema = z.object({
  /** Unique across kinds: `${kind}:${id}`. */
  key: z.string(),
  kind: z.enum(FEED_KINDS),
  id: z.number().int(),
  /** When it happened (epoch seconds). */
  at: z.number().int(),
  song: z.object({ id: z.number().int(), title: z.string(), artist: z.string().nullable() }),
  /** Who requested (played, requested) or commented; null for the auto-DJ's own picks. */
  username: z.string().nullable(),
  /** The comment (comment items only). */
  text: z.string().optional(),
});
export type FeedItem = z.infer<typeof FeedItemSchema>;

/** GET /api/feed: newest first; `before` is the `next` cursor of the previous page. */
export const FeedQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .default(LIMITS.feedPageSize),
  before: z
    .string()
    .regex(/^\d{1,12}-\d-\d{1,10}$/, 'before must be the cursor of a previous page.')
    .optional(),
});
export const FeedPageSchema = z.object({
  items: z.array(FeedItemSchema),
  /** The cursor of the next (older) page; null at the end. */
  next: z.string().nullable(),
});
export type FeedPage = z.infer<typeof FeedPageSchema>;
