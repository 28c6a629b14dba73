import { z } from 'zod';

/** One icon of the web app manifest. */
export const WebManifestIconSchema = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.string(),
  purpose: z.enum(['any', 'maskable']),
});

/**
 * GET /manifest.webmanifest: what a browser needs to install the client to a home screen. The
 * name is the station's; the icons are the client's own files (apps/web/public).
 */
export const WebManifestSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  id: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(WebManifestIconSchema),
});
export type WebManifest = z.infer<typeof WebManifestSchema>;

/**
 * GET /api/oembed?url=…&format=json: the query; `url` is a song page of this station. Only JSON
 * is offered (another format is a 400 with the reason).
 */
export const OEmbedQuerySchema = z.object({
  url: z.string().min(1).max(2000),
  format: z.literal('json', { error: 'Only format=json is offered.' }).default('json'),
  maxwidth: z.coerce.number().int().min(1).max(10_000).optional(),
  maxheight: z.coerce.number().int().min(1).max(10_000).optional(),
});

/**
 * A song page as oEmbed (1.0) describes it to sites that unfurl a pasted link: a `link` with
 * the song's title, its artists as the author, the station as the provider, and its cover.
 */
export const OEmbedSchema = z.object({
  version: z.literal('1.0'),
  type: z.literal('link'),
  title: z.string(),
  author_name: z.string().optional(),
  provider_name: z.string(),
  provider_url: z.string(),
  cache_age: z.number().int(),
  thumbnail_url: z.string(),
  thumbnail_width: z.number().int(),
  thumbnail_height: z.number().int(),
});
export type OEmbed = z.infer<typeof OEmbedSchema>;
