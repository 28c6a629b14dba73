import {
  AddSongConflictSchema,
  AddSongResultSchema,
  AddSongSchema,
  API,
  ArtistSearchQuerySchema,
  ArtistSuggestionsSchema,
  ErrorSchema,
  PlatformNamesSchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import { FIXED_LIMITS } from '../../core/rate-limits.js';
import type { SongEntryService } from './song-entry.service.js';

/** Adding a song by hand, and the suggestions its form offers. */
export function songEntryRoutes(deps: {
  songEntry: SongEntryService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { songEntry, guards } = deps;
  return async (app) => {
    app.post(
      API.addSong.pattern,
      {
        config: { limit: 'addSong' },
        preHandler: guards.requireUser,
        schema: {
          tags: ['curation'],
          summary: 'Add a song of a known artist on a known platform; its file is uploaded after',
          description:
            'Any signed-in user. Staff: status missing_file. A listener: status review, until ' +
            'staff approve it (PUT /api/review/{id}/approve). 400 for a missing field, an ' +
            'unknown artist id or platform name (ignoring case); 409 with song_id when the ' +
            'artist already has a song of that title (ignoring case) on that platform. 429: a ' +
            `listener adds at most ${FIXED_LIMITS.addSong.max} songs an hour (with retry_after), ` +
            'and may have at most PENDING_SONGS_MAX (5) added songs waiting for review (no ' +
            'retry_after: until staff review one); staff are counted by neither.',
          security: [{ bearer: [] }],
          body: AddSongSchema,
          response: {
            201: AddSongResultSchema,
            400: ErrorSchema,
            401: ErrorSchema,
            409: AddSongConflictSchema,
            429: ErrorSchema,
          },
        },
      },
      async (req, reply) => reply.code(201).send(await songEntry.addSong(req.user!, req.body)),
    );

    app.get(
      API.artistSearch.pattern,
      {
        preHandler: guards.optionalUser,
        schema: {
          tags: ['curation'],
          summary: 'Artists whose name starts with q, then those containing it (ignoring case)',
          querystring: ArtistSearchQuerySchema,
          response: { 200: ArtistSuggestionsSchema, 400: ErrorSchema },
        },
      },
      async (req) => ({
        artists: await songEntry.artistSuggestions(req.query.q, req.query.limit, req.user),
      }),
    );

    app.get(
      API.songPlatforms.pattern,
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['curation'],
          summary: 'Every platform name, alphabetically, for the add-song form',
          security: [{ bearer: [] }],
          response: { 200: PlatformNamesSchema, 401: ErrorSchema },
        },
      },
      async () => ({ platforms: await songEntry.platformNames() }),
    );
  };
}
