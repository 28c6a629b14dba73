import {
  API,
  CommentBodySchema,
  CommentCreatedSchema,
  ErrorSchema,
  IdParamSchema,
  RecentCommentsSchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { CommentsService } from './comments.service.js';

export function commentsRoutes(deps: {
  comments: CommentsService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { comments, guards } = deps;
  return async (app) => {
    app.post(
      API.songComment.pattern,
      {
        config: { limit: 'comment' },
        preHandler: guards.requireUser,
        schema: {
          tags: ['comments'],
          security: [{ bearer: [] }],
          params: IdParamSchema,
          body: CommentBodySchema,
          response: {
            200: CommentCreatedSchema,
            400: ErrorSchema,
            401: ErrorSchema,
            403: ErrorSchema,
            404: ErrorSchema,
            429: ErrorSchema,
          },
        },
      },
      async (req) => {
        const { id } = await comments.post(req.user!, req.params.id, req.body.comment);
        return { success: true as const, id };
      },
    );

    app.get(
      API.recentComments.pattern,
      {
        preHandler: guards.optionalUser,
        schema: { tags: ['comments'], response: { 200: RecentCommentsSchema } },
      },
      async (req) => ({ comments: await comments.recent(req.user) }),
    );
  };
}
