import { z } from 'zod';
import { bodyIdSchema, ErrorSchema } from './common.js';

/** POST /api/song/{id}: the song is in the queue. */
export const RequestResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  queue_id: z.number().int(),
});
export type RequestResult = z.infer<typeof RequestResultSchema>;

/**
 * GET /api/queue/allowance: what the signed-in listener may request now. `remaining` requests
 * before the per-listener limit; `retry_after` seconds until the cooldown lets the next one
 * through (0: now); `next_at` the same as epoch seconds (null: now).
 */
export const RequestAllowanceSchema = z.object({
  limit: z.number().int(),
  waiting: z.number().int(),
  remaining: z.number().int(),
  cooldown_s: z.number().int(),
  retry_after: z.number().int(),
  next_at: z.number().int().nullable(),
});
export type RequestAllowance = z.infer<typeof RequestAllowanceSchema>;

/**
 * POST /api/queue: queue one requestable song matching a filter. Exactly one of artist_id,
 * platform, from_favorites or tags; `least_recent` takes the least recently played match,
 * `min_vote` a random one among songs averaging at least 3 or 4; otherwise a random match.
 */
export const QueueActionBodySchema = z
  .object({
    artist_id: bodyIdSchema('artist_id').optional(),
    platform: z.string().trim().min(1).max(100).optional(),
    from_favorites: z.boolean().optional(),
    tags: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
    least_recent: z.boolean().optional(),
    min_vote: z.union([z.literal(3), z.literal(4)]).optional(),
  })
  .refine(
    (b) =>
      [
        b.artist_id !== undefined,
        b.platform !== undefined,
        b.from_favorites === true,
        b.tags !== undefined,
      ].filter(Boolean).length === 1,
    { message: 'Choose one of artist_id, platform, from_favorites or tags.' },
  )
  .refine((b) => !(b.least_recent && b.min_vote), {
    message: 'Choose least_recent or min_vote, not both.',
  });
export type QueueActionBody = z.infer<typeof QueueActionBodySchema>;

export const QueueActionResultSchema = z.object({
  success: z.boolean(),
  song_details: z.object({ artist: z.string(), title: z.string() }).nullable(),
  error: z.string().nullable(),
});
export type QueueActionResult = z.infer<typeof QueueActionResultSchema>;

/** A queue action's refusal: the error, in the same shape as its success. */
export const QueueActionErrorSchema = ErrorSchema.extend({
  success: z.literal(false).optional(),
  song_details: z.null().optional(),
});
