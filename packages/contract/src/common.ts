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

export const IdParamSchema = z.object({ id: z.coerce.number().int().positive() });

export const HealthSchema = z.object({ status: z.literal('ok'), database: z.string() });

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
    from_id: z.coerce
      .number({ error: 'from_id must be a whole number' })
      .int('from_id must be a whole number')
      .positive('from_id must be positive')
      .max(2 ** 31 - 1, 'from_id is too large')
      .optional(),
  });
}
