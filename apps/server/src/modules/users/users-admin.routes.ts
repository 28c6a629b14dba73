import {
  API,
  AdminUserListSchema,
  AdminUserQuerySchema,
  ErrorSchema,
  IdParamSchema,
  OkSchema,
  RoleBodySchema,
  UserSchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { UsersAdminService } from './users-admin.service.js';

/** Accounts for admins: the list, role changes and log-outs (each one in the audit log). */
export function usersAdminRoutes(deps: {
  usersAdmin: UsersAdminService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { usersAdmin, guards } = deps;
  const admin = guards.requireRole('admin');
  const denied = { 401: ErrorSchema, 403: ErrorSchema };
  return async (app) => {
    app.get(
      API.adminUsers.pattern,
      {
        preHandler: admin,
        schema: {
          tags: ['admin'],
          summary: 'Accounts, newest first, with role and last seen; no emails (admins)',
          security: [{ bearer: [] }],
          querystring: AdminUserQuerySchema,
          response: { 200: AdminUserListSchema, ...denied },
        },
      },
      async (req) => ({ users: await usersAdmin.list(req.query) }),
    );

    app.put(
      API.adminUserRole.pattern,
      {
        preHandler: admin,
        schema: {
          tags: ['admin'],
          summary: "Change a user's role; effective at once, written to the audit log (admins)",
          security: [{ bearer: [] }],
          params: IdParamSchema,
          body: RoleBodySchema,
          response: { 200: UserSchema, ...denied, 404: ErrorSchema },
        },
      },
      async (req) =>
        (await usersAdmin.setRole({ id: req.user!.id }, { id: req.params.id }, req.body.role)).user,
    );

    app.post(
      API.adminUserLogout.pattern,
      {
        preHandler: admin,
        schema: {
          tags: ['admin'],
          summary:
            "End every session of a user: their tokens stop working, open pages sign out; written to the audit log (admins; not one's own)",
          security: [{ bearer: [] }],
          params: IdParamSchema,
          response: { 200: OkSchema, 400: ErrorSchema, ...denied, 404: ErrorSchema },
        },
      },
      async (req) => {
        await usersAdmin.logoutEverywhere(req.user!, req.params.id);
        return { success: true as const };
      },
    );
  };
}
