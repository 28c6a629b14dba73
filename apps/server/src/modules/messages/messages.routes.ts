import { ErrorSchema } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

export function messagesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/messages/unread/count',
      {
        preHandler: ctx.guards.requireUser,
        schema: {
          tags: ['messages'],
          security: [{ bearer: [] }],
          response: { 200: z.object({ unreadCount: z.number().int() }), 401: ErrorSchema },
        },
      },
      async (req) => ({ unreadCount: await ctx.repos.messages.countUnread(req.user!.id) }),
    );
  };
}
