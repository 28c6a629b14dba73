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
