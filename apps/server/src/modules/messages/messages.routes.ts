import { API, ErrorSchema, UnreadCountSchema } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
          response: { 200: UnreadCountSchema, 401: ErrorSchema },
        },
      },
      async (req) => ({ unreadCount: await messages.countUnread(req.user!.id) }),
    );
  };
}
