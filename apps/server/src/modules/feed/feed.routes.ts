import { API, FeedPageSchema, FeedQuerySchema } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { FeedService } from './feed.service.js';

/**
 * The public station feed: readable without signing in (a signed-in caller also sees what
 * they may of songs waiting for review).
 */
export function feedRoutes(deps: { feed: FeedService; guards: AuthGuards }): FastifyPluginAsyncZod {
  const { feed, guards } = deps;
  return async (app) => {
    app.get(
      API.feed.pattern,
      {
        preHandler: guards.optionalUser,
        schema: {
          tags: ['feed'],
          summary:
            'What happened at the station, newest first: songs played (with who requested them), requests, comments, new songs',
          querystring: FeedQuerySchema,
          response: { 200: FeedPageSchema },
        },
      },
      async (req) => feed.page(req.query.limit, req.query.before, req.user),
    );
  };
}
