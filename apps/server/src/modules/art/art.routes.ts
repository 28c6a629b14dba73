import fs from 'node:fs';
import {
  API,
  ArtFileParamSchema,
  ArtPlaceholderParamSchema,
  ArtQuerySchema,
  ErrorSchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ArtService } from './art.service.js';

/** A stored picture never changes under its content-hash name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A drawn cover follows the song's title, which staff may edit. */
const PLACEHOLDER_CACHE = 'public, max-age=86400';
/** The drawn SVG runs no script and loads nothing, even when opened on its own. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

export function artRoutes(deps: { art: ArtService }): FastifyPluginAsyncZod {
  const { art } = deps;
  return async (app) => {
    app.get(
      API.art.pattern,
      {
        schema: {
          tags: ['songs'],
          summary: "A song's cover art, by content hash",
          params: ArtFileParamSchema,
          querystring: ArtQuerySchema,
          description:
            "The picture embedded in the song's file as it was (its own type), or with `size` " +
            '(96 or 512) a square JPEG of that many pixels. Content-addressed: cached for a ' +
            'year, immutable. 400 for a malformed name or size, 404 for an unknown picture.',
          response: {
            200: z.unknown().describe('The image.'),
            400: ErrorSchema,
            404: ErrorSchema,
          },
        },
      },
      async (req, reply) => {
        const file = await art.picture(req.params.file, req.query.size ?? null);
        return reply
          .header('content-type', file.type)
          .header('content-length', file.bytes)
          .header('cache-control', IMMUTABLE)
          .header('x-content-type-options', 'nosniff')
          .send(fs.createReadStream(file.path));
      },
    );

    app.get(
      API.artPlaceholder.pattern,
      {
        schema: {
          tags: ['songs'],
          summary: 'The cover drawn for a song without art',
          params: ArtPlaceholderParamSchema,
          querystring: ArtQuerySchema,
          description:
            'An SVG (image/svg+xml) drawn from the song id (colours) and title (initials); ' +
            '`size` sets its width and height (96 or 512, default 512). 400 for a malformed ' +
            'name or size, 404 for an unknown song.',
          response: {
            200: z.unknown().describe('The SVG.'),
            400: ErrorSchema,
            404: ErrorSchema,
          },
        },
      },
      async (req, reply) => {
        const id = Number.parseInt(req.params.file, 10);
        const svg = await art.placeholder(id, req.query.size ?? null);
        return reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', PLACEHOLDER_CACHE)
          .header('content-security-policy', SVG_POLICY)
          .header('x-content-type-options', 'nosniff')
          .send(svg);
      },
    );
  };
}
