import { API, BackupsOverviewSchema, ErrorSchema } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { BackupsService } from './backups.service.js';

export function backupsRoutes(deps: {
  backups: BackupsService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { backups, guards } = deps;
  return async (app) => {
    app.get(
      API.staffBackups.pattern,
      {
        preHandler: guards.requireRole('helper', 'moderator', 'admin'),
        schema: {
          tags: ['backups'],
          summary: 'The backup schedule and the latest backups with their outcome (staff)',
          security: [{ bearer: [] }],
          response: { 200: BackupsOverviewSchema, 401: ErrorSchema, 403: ErrorSchema },
        },
      },
      () => backups.overview(),
    );
  };
}
