import { API, ErrorSchema, IdParamSchema, TweakSchema } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { CurationService } from './curation.service.js';

/** The staff desk: helpers, moderators and admins curate the catalogue. */
export function curationRoutes(deps: {
  curation: CurationService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { curation, guards } = deps;
  const staff = guards.requireRole('helper', 'moderator', 'admin');
  return async (app) => {
    app.post(
      API.songTweak.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['curation'],
          summary: 'Set how a song plays on air (staff): skip, length, fade-out, in seconds',
          description:
            'Non-negative whole seconds; h_skip + h_length within the song, h_fadeout within what plays (400 otherwise). Applies from the next time the song goes on air.',
          security: [{ bearer: [] }],
          params: IdParamSchema,
          body: TweakSchema,
          response: { 200: TweakSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
        },
      },
      async (req) => curation.tweak(req.user!, req.params.id, req.body),
    );
  };
}
