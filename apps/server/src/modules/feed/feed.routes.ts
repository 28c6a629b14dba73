import { API, FeedPageSchema, FeedQuerySchema } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeedService } from './feed.service.js';

/** The public station feed: readable without signing in. */
export function feedRoutes(deps: { feed: FeedService }): FastifyPluginAsyncZod {
  const { feed } = deps;
  return async (app) => {
    app.get(
      API.feed.pattern,
      {
        schema: {
          tags: ['feed'],
          summary:
            'What happened at the station, newest first: songs played (with who requested them), requests, comments, new songs',
          querystring: FeedQuerySchema,
          response: { 200: FeedPageSchema },
        },
      },
      async (req) => feed.page(req.query.limit, req.query.before),
    );
  };
}
