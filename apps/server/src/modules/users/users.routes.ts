import { ErrorSchema, ReferralListSchema, UserSchema } from '@queuecast/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/http-error.js';
import { toUser } from '../auth/auth.service.js';

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { users, referrals } = ctx.repos;
  return async (app) => {
    app.get(
      '/api/user/me',
      {
        preHandler: ctx.guards.requireUser,
        schema: {
          tags: ['users'],
          security: [{ bearer: [] }],
          response: { 200: z.object({ user: UserSchema }), 401: ErrorSchema },
        },
      },
      async (req) => {
        const row = await users.findById(req.user!.id);
        if (!row) throw notFound('User not found.');
        return { user: toUser(row) };
      },
    );

    app.get(
      '/api/user/referrals',
      {
        preHandler: ctx.guards.requireUser,
        schema: {
          tags: ['users'],
          security: [{ bearer: [] }],
          response: { 200: ReferralListSchema, 401: ErrorSchema },
        },
      },
      async (req) => ({ referrals: await referrals.listForOwner(req.user!.id) }),
    );
  };
}
