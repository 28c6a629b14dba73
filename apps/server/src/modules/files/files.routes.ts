import {
  API,
  AssociateBodySchema,
  ErrorSchema,
  FileAnswerSchema,
  FileIdParamSchema,
  FileListSchema,
  FileSearchQuerySchema,
  MissingSongsQuerySchema,
  MissingSongsSchema,
  STAFF_ROLES,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { FilesService } from './files.service.js';

/** Staff's file tools and the list of songs that still miss a file. */
export function filesRoutes(deps: {
  files: FilesService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { files, guards } = deps;
  const staff = guards.requireRole(...STAFF_ROLES);
  const denied = { 401: ErrorSchema, 403: ErrorSchema };
  const security = [{ bearer: [] }];
  return async (app) => {
    app.get(
      API.fileSearch.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['files'],
          summary: 'Stored audio files whose name or song title contains q (staff)',
          description: `At least 3 characters, any case; names starting with q first, then by name; at most 50 files.`,
          security,
          querystring: FileSearchQuerySchema,
          response: { 200: FileListSchema, ...denied },
        },
      },
      async (req) => ({ files: await files.search(req.query.q) }),
    );

    app.put(
      API.fileAssociate.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['files'],
          summary: 'Move a file onto a song (staff)',
          description:
            "The song's length follows the file; a song missing its file becomes active (a pending upload puts it in review). The song the file leaves misses a file when it has no other. 409 when the song already has a file.",
          security,
          params: FileIdParamSchema,
          body: AssociateBodySchema,
          response: { 200: FileAnswerSchema, ...denied, 404: ErrorSchema, 409: ErrorSchema },
        },
      },
      async (req) => ({
        file: await files.associate(req.user!, req.params.fileid, req.body.songId),
      }),
    );

    app.put(
      API.fileUnassociate.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['files'],
          summary: 'Take a file off its song; the file stays stored (staff)',
          description:
            'The song misses a file when it has no other approved one. 409 when the file is associated with no song.',
          security,
          params: FileIdParamSchema,
          response: { 200: FileAnswerSchema, ...denied, 404: ErrorSchema, 409: ErrorSchema },
        },
      },
      async (req) => ({ file: await files.unassociate(req.user!, req.params.fileid) }),
    );

    app.get(
      API.songsWithoutFiles.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['files'],
          summary: 'Songs without an approved file, by title, a page at a time (staff)',
          description:
            'q matches part of the title or of an artist name, any case; platform is an exact platform name. totalPages is at least 1; a page past the last is empty.',
          security,
          querystring: MissingSongsQuerySchema,
          response: { 200: MissingSongsSchema, ...denied },
        },
      },
      async (req) => files.missingSongs(req.query),
    );
  };
}
