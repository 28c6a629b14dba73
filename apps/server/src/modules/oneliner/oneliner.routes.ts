import {
  API,
  ErrorSchema,
  OnelinerListSchema,
  OnelinerMessageSchema,
  OnelinerPostSchema,
  OnelinerQuerySchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { OnelinerService } from './oneliner.service.js';

export function onelinerRoutes(deps: {
  oneliner: OnelinerService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { oneliner, guards } = deps;
  return async (app) => {
    app.get(
      API.oneliner.pattern,
      {
        schema: {
          tags: ['oneliner'],
          summary: 'The public chat, newest first; from_id pages to older messages',
          querystring: OnelinerQuerySchema,
          response: { 200: OnelinerListSchema },
        },
      },
      async (req) => ({ messages: await oneliner.page(req.query.limit, req.query.from_id) }),
    );

    app.post(
      API.oneliner.pattern,
      {
        config: { limit: 'chat' },
        preHandler: guards.requireUser,
        schema: {
          tags: ['oneliner'],
          summary: 'Post to the public chat (every open page gets it at once)',
          description:
            '400 for a blank message or one over 1024 characters; 403 (with muted_until) while muted; 429 (with retry_after) when posting too fast or in slow mode.',
          security: [{ bearer: [] }],
          body: OnelinerPostSchema,
          response: {
            200: OnelinerMessageSchema,
            401: ErrorSchema,
            403: ErrorSchema,
            429: ErrorSchema,
          },
        },
      },
      async (req) => oneliner.post(req.user!, req.body.message),
    );
  };
}
