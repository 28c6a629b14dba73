import fs from 'node:fs';
import { ErrorSchema, IdParamSchema, API } from '@queuecast/contract';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { PreviewService } from './preview.service.js';

export function previewRoutes(deps: {
  previews: PreviewService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { previews, guards } = deps;
  return async (app) => {
    app.get(
      API.songPreview.pattern,
      {
        config: { limit: 'preview' },
        preHandler: guards.requireUser,
        schema: {
          tags: ['songs'],
          summary: 'A 30-second MP3 clip from the middle of the song',
          security: [{ bearer: [] }],
          params: IdParamSchema,
          description:
            'An audio/mpeg body; 404 unknown song, 409 no playable file, 429 (with retry_after) over the per-listener limit.',
          response: {
            200: z.unknown().describe('The clip, audio/mpeg.'),
            401: ErrorSchema,
            404: ErrorSchema,
            409: ErrorSchema,
            422: ErrorSchema,
            429: ErrorSchema,
          },
        },
      },
      async (req, reply) => {
        const file = await previews.clip(req.user!, req.params.id);
        return reply
          .header('content-type', 'audio/mpeg')
          .header('cache-control', 'private, max-age=600')
          .send(fs.createReadStream(file));
      },
    );
  };
}
