import {
  API,
  type ArtistLetterList,
  ArtistLetterListSchema,
  ArtistLetterParamSchema,
  ArtistSongsSchema,
  ErrorSchema,
  IdParamSchema,
  PageQuerySchema,
  PlatformListSchema,
  PlatformParamSchema,
  PlatformSongsSchema,
  SearchQuerySchema,
  SearchResultSchema,
  SongDetailSchema,
  TagCountsSchema,
  TagSongsSchema,
  TagsParamSchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { CatalogService } from './catalog.service.js';

const errors = { 400: ErrorSchema, 404: ErrorSchema };

export function catalogRoutes(deps: {
  catalog: CatalogService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { catalog, guards } = deps;
  const preHandler = guards.optionalUser;
  return async (app) => {
    app.get(
      API.song.pattern,
      {
        preHandler,
        schema: {
          tags: ['catalog'],
          params: IdParamSchema,
          response: { 200: SongDetailSchema, ...errors },
        },
      },
      (req) => catalog.songDetail(req.params.id, req.user),
    );

    app.get(
      API.artist.pattern,
      {
        preHandler,
        schema: {
          tags: ['catalog'],
          params: IdParamSchema,
          response: { 200: ArtistSongsSchema, ...errors },
        },
      },
      (req) => catalog.artist(req.params.id, req.user),
    );

    app.get(
      API.artistsByLetter.pattern,
      {
        preHandler,
        schema: {
          tags: ['catalog'],
          params: ArtistLetterParamSchema,
          response: { 200: ArtistLetterListSchema, ...errors },
        },
      },
      // Sent as kept, already serialised from the contract's type (a JSON string is sent as is).
      async (req, reply) => {
        const json = await catalog.artistsByLetterJson(req.params.letter, req.user);
        return reply
          .type('application/json; charset=utf-8')
          .send(json as unknown as ArtistLetterList);
      },
    );

    app.get(
      API.platforms.pattern,
      { schema: { tags: ['catalog'], response: { 200: PlatformListSchema } } },
      async () => ({ platforms: await catalog.platforms() }),
    );

    app.get(
      API.platformSongs.pattern,
      {
        preHandler,
        schema: {
          tags: ['catalog'],
          params: PlatformParamSchema,
          querystring: PageQuerySchema,
          response: { 200: PlatformSongsSchema, ...errors },
        },
      },
      (req) => catalog.platformSongs(req.params.platform, req.query, req.user),
    );

    app.get(
      API.tags.pattern,
      { schema: { tags: ['catalog'], response: { 200: TagCountsSchema } } },
      () => catalog.tagCloud(),
    );

    app.get(
      API.tagSongs.pattern,
      {
        preHandler,
        schema: {
          tags: ['catalog'],
          params: TagsParamSchema,
          querystring: PageQuerySchema,
          response: { 200: TagSongsSchema, ...errors },
        },
      },
      (req) => catalog.tagSongs(req.params.tags, req.query, req.user),
    );

    app.get(
      API.search.pattern,
      {
        preHandler,
        schema: {
          tags: ['catalog'],
          querystring: SearchQuerySchema,
          response: { 200: SearchResultSchema, ...errors },
        },
      },
      (req) => catalog.searchSongs(req.query.q, req.query.limit, req.user),
    );
  };
}
