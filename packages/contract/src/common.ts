import { z } from 'zod';

/** Every error the API returns has this shape; login failures also carry `message`. */
export const ErrorSchema = z.object({
  error: z.string(),
  message: z.string().optional(),
  retry_after: z.number().optional(),
  /** A muted user's refusal: when the mute ends (epoch seconds). */
  muted_until: z.number().optional(),
});
export type ApiError = z.infer<typeof ErrorSchema>;

export const OkSchema = z.object({ success: z.literal(true) });
export type Ok = z.infer<typeof OkSchema>;

/** The largest id a database column holds (32-bit integer columns on PostgreSQL). */
export const MAX_ID = 2 ** 31 - 1;

/**
 * A record's id in a path, query or body: a whole number from 1 to MAX_ID (the range checked
 * first, so a huge number is called too large rather than not whole).
 */
export const idSchema = (name: string) =>
  z.coerce
    .number()
    .max(MAX_ID, `${name} is too large.`)
    .positive(`${name} must be positive.`)
    .int(`${name} must be a whole number.`);

/** The same in a JSON body, where a number must be a number (no text to coerce). */
export const bodyIdSchema = (name: string) =>
  z
    .number()
    .max(MAX_ID, `${name} is too large.`)
    .positive(`${name} must be positive.`)
    .int(`${name} must be a whole number.`);

export const IdParamSchema = z.object({ id: idSchema('id') });

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.string(),
  /**
   * This process's part in playing the station: `on-air` holds the playout lease and plays,
   * `standby` waits to take over, `starting` is between the two, `off` plays no part (STATION=0).
   */
  playout: z.enum(['off', 'standby', 'starting', 'on-air']),
});
export type Health = z.infer<typeof HealthSchema>;

/** One readiness check: whether it passes, and what it found. */
const ReadinessCheckSchema = z.object({
  ok: z.boolean(),
  /** What failed, in words, when it did. */
  error: z.string().optional(),
});

/**
 * GET /readyz: whether this process is ready for traffic as its role needs (200) or not (503),
 * with each check's finding. `redis` is null without REDIS_URL, `hls` null off air.
 */
export const ReadinessSchema = z.object({
  ready: z.boolean(),
  database: ReadinessCheckSchema.extend({ ms: z.number().nullable() }),
  redis: ReadinessCheckSchema.nullable(),
  playout: ReadinessCheckSchema.extend({ state: HealthSchema.shape.playout }),
  /** On the leader: the listeners' HLS playlist, its age in seconds. */
  hls: ReadinessCheckSchema.extend({ age_s: z.number().nullable() }).nullable(),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

/**
 * The query of a list read newest first by id: `limit` items, and with `from_id` only those
 * older than it (the next page).
 */
export function idPageQuery(defaultLimit: number, maxLimit: number) {
  return z.object({
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(maxLimit, `limit must be at most ${maxLimit}`)
      .default(defaultLimit),
    from_id: idSchema('from_id').optional(),
  });
}
