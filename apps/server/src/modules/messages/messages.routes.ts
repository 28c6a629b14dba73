import { ErrorSchema, API } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { MessageRepo } from './message.repo.js';

export function messagesRoutes(deps: {
  messages: MessageRepo;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { messages, guards } = deps;
  return async (app) => {
    app.get(
      API.unreadCount.pattern,
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['messages'],
          security: [{ bearer: [] }],
          response: { 200: z.object({ unreadCount: z.number().int() }), 401: ErrorSchema },
        },
      },
      async (req) => ({ unreadCount: await messages.countUnread(req.user!.id) }),
    );
  };
}
