import {
  API,
  ErrorSchema,
  IdParamSchema,
  ReviewListSchema,
  ReviewOutcomeSchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { ReviewService } from './review.service.js';

/** Staff review of listeners' new songs and uploads. */
export function reviewRoutes(deps: {
  review: ReviewService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { review, guards } = deps;
  const staff = guards.requireRole('helper', 'moderator', 'admin');
  const decision = {
    200: ReviewOutcomeSchema,
    400: ErrorSchema,
    401: ErrorSchema,
    403: ErrorSchema,
    404: ErrorSchema,
    409: ErrorSchema,
  };
  return async (app) => {
    app.get(
      API.reviews.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['curation'],
          summary: 'Songs waiting for review (staff), longest waiting first',
          description:
            'A listener’s new song and/or a listener’s upload (the pending file). At most 200.',
          security: [{ bearer: [] }],
          response: { 200: ReviewListSchema, 401: ErrorSchema, 403: ErrorSchema },
        },
      },
      () => review.list(),
    );

    app.put(
      API.reviewApprove.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['curation'],
          summary: 'Approve a song and its pending upload (staff)',
          description:
            'Status after: active with a file, else missing_file. 409 when nothing waits. ' +
            'Audit log song.approve.',
          security: [{ bearer: [] }],
          params: IdParamSchema,
          response: decision,
        },
      },
      (req) => review.approve(req.user!, req.params.id),
    );

    app.put(
      API.reviewReject.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['curation'],
          summary: 'Reject a song’s pending upload, and the song itself if never approved (staff)',
          description:
            'Pending files are deleted. Status after: removed (a new song is deleted), else ' +
            'active with an approved file or missing_file. 409 when nothing waits. Audit log ' +
            'song.reject.',
          security: [{ bearer: [] }],
          params: IdParamSchema,
          response: decision,
        },
      },
      (req) => review.reject(req.user!, req.params.id),
    );
  };
}
