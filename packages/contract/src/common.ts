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
