import { API, ErrorSchema, OEmbedQuerySchema, OEmbedSchema } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.js';
import type { PageMetaService } from './page-meta.service.js';

/**
 * GET /api/oembed: a pasted song link unfurled by another site (a forum, a blog, a chat app),
 * which finds this URL in the song page's head. `publicUrl`: the station's own origin when it
 * is set, else the one the caller used.
 */
export function oembedRoutes(deps: {
  pageMeta: PageMetaService;
  publicUrl: string | null;
}): FastifyPluginAsyncZod {
  const { pageMeta, publicUrl } = deps;
  return async (app) => {
    app.get(
      API.oembed.pattern,
      {
        schema: {
          tags: ['web app'],
          summary: 'A song page as oEmbed describes it (public)',
          querystring: OEmbedQuerySchema,
          response: { 200: OEmbedSchema, 404: ErrorSchema },
        },
      },
      async (req, reply) => {
        const origin = publicUrl ?? `${req.protocol}://${req.host}`;
        const answer = await pageMeta.oembed(req.query.url, origin);
        if (!answer) throw new HttpError(404, 'No song page of this station at that URL.');
        void reply.header('access-control-allow-origin', '*');
        return answer;
      },
    );
  };
}
