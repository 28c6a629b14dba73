import { API, ErrorSchema, MeSchema, ReferralListSchema } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import { notFound } from '../../lib/http-error.js';
import { toUser } from './user-presenter.js';
import type { ReferralRepo } from './referral.repo.js';
import type { UserRepo } from './user.repo.js';

export function usersRoutes(deps: {
  users: UserRepo;
  referrals: ReferralRepo;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { users, referrals, guards } = deps;
  return async (app) => {
    app.get(
      API.me.pattern,
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['users'],
          security: [{ bearer: [] }],
          response: { 200: MeSchema, 401: ErrorSchema },
        },
      },
      async (req) => {
        const row = await users.findById(req.user!.id);
        if (!row) throw notFound('User not found.');
        return { user: toUser(row) };
      },
    );

    app.get(
      API.referrals.pattern,
      {
        preHandler: guards.requireUser,
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
