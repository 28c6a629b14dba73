import {
  ErrorSchema,
  IdParamSchema,
  QueueActionBodySchema,
  QueueActionErrorSchema,
  QueueActionResultSchema,
  RequestAllowanceSchema,
  RequestResultSchema,
  API,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { RequestsService } from './requests.service.js';

export function requestsRoutes(deps: {
  requests: RequestsService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { requests, guards } = deps;
  const errors = {
    400: ErrorSchema,
    401: ErrorSchema,
    403: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
    429: ErrorSchema,
  };
  return async (app) => {
    app.post(
      API.song.pattern,
      {
        config: { limit: 'request' },
        preHandler: guards.requireUser,
        schema: {
          tags: ['queue'],
          summary: 'Request a song',
          description:
            '403 at the queue limit; 409 when the song was played recently, is waiting or on ' +
            'air, or has no playable file; 429 (with retry_after) during the cooldown.',
          security: [{ bearer: [] }],
          params: IdParamSchema,
          response: { 200: RequestResultSchema, ...errors },
        },
      },
      (req) => requests.request(req.user!, req.params.id),
    );

    app.get(
      API.requestAllowance.pattern,
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['queue'],
          summary: 'What the signed-in listener may request now',
          description:
            'Requests left under the per-listener limit, and the seconds until the cooldown ' +
            'lets the next one through.',
          security: [{ bearer: [] }],
          response: { 200: RequestAllowanceSchema, 401: ErrorSchema },
        },
      },
      (req) => requests.allowance(req.user!.id),
    );

    app.post(
      API.queue.pattern,
      {
        config: { limit: 'request' },
        preHandler: guards.requireUser,
        schema: {
          tags: ['queue'],
          summary: 'Queue one requestable song by artist, platform, favourites or tags',
          security: [{ bearer: [] }],
          body: QueueActionBodySchema,
          response: {
            200: QueueActionResultSchema,
            ...Object.fromEntries(
              Object.keys(errors).map((code) => [code, QueueActionErrorSchema]),
            ),
          },
        },
      },
      (req) => requests.queueMatching(req.user!, req.body),
    );
  };
}
