import { API, ErrorSchema, ProfileParamSchema, ProfileSchema } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { ProfileService } from './profile.service.js';

/**
 * A person's public page: readable without signing in; a signed-in caller also sees their own
 * songs waiting for review there (staff every song), as the catalogue shows them.
 */
export function profileRoutes(deps: {
  profiles: ProfileService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { profiles, guards } = deps;
  return async (app) => {
    app.get(
      API.profile.pattern,
      {
        preHandler: guards.optionalUser,
        schema: {
          tags: ['users'],
          summary:
            "A user's public page: joined date, role, and their latest requests, favourites, votes, comments and chat lines",
          params: ProfileParamSchema,
          response: { 200: ProfileSchema, 400: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (req) => profiles.profile(req.params.username, req.user),
    );
  };
}
