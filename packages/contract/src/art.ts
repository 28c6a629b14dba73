import { z } from 'zod';
import { ART_SIZES } from './paths.js';

/** `/api/art/{file}`: a content hash (SHA-256, hex) and the image's extension. */
export const ArtFileParamSchema = z.object({
  file: z
    .string()
    .regex(/^[0-9a-f]{64}\.(jpg|png|gif|webp)$/, 'file must be a content hash and an extension.'),
});

/** `/api/art/placeholder/{file}`: a song id and `.svg`. */
export const ArtPlaceholderParamSchema = z.object({
  file: z.string().regex(/^[1-9][0-9]{0,9}\.svg$/, 'file must be a song id and .svg.'),
});

/** `?size=`: one of `ART_SIZES`; without it, the art as embedded. */
export const ArtQuerySchema = z.object({
  size: z.coerce
    .number({ error: `size must be one of ${ART_SIZES.join(', ')}.` })
    .refine((n) => (ART_SIZES as readonly number[]).includes(n), {
      error: `size must be one of ${ART_SIZES.join(', ')}.`,
    })
    .optional(),
});
export type ArtQuery = z.infer<typeof ArtQuerySchema>;
