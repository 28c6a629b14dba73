import { API, WebManifestSchema } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webManifest } from './web-manifest.js';

/** The web app manifest, named after the station. */
export function webAppRoutes(deps: { stationName: string }): FastifyPluginAsyncZod {
  const manifest = webManifest(deps.stationName);
  return async (app) => {
    app.get(
      API.webManifest.pattern,
      { schema: { tags: ['web app'], response: { 200: WebManifestSchema } } },
      async (_req, reply) => {
        void reply.type('application/manifest+json').header('cache-control', 'no-cache');
        return manifest;
      },
    );
  };
}
