import {
  API,
  ErrorSchema,
  FavoriteBodySchema,
  FavoritesSchema,
  OkSchema,
  SongIdParamSchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { FavoritesService } from './favorites.service.js';

export function favoritesRoutes(deps: {
  favorites: FavoritesService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { favorites, guards } = deps;
  const preHandler = guards.requireUser;
  const security = [{ bearer: [] }];
  const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema };
  return async (app) => {
    app.get(
      API.favorites.pattern,
      {
        preHandler,
        schema: {
          tags: ['favorites'],
          security,
          response: { 200: FavoritesSchema, 401: ErrorSchema },
        },
      },
      async (req) => ({ favorites: await favorites.list(req.user!) }),
    );

    app.post(
      API.favorites.pattern,
      {
        preHandler,
        schema: {
          tags: ['favorites'],
          security,
          body: FavoriteBodySchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (req) => {
        await favorites.add(req.user!, req.body.song_id);
        return { success: true as const };
      },
    );

    app.delete(
      API.favorite.pattern,
      {
        preHandler,
        schema: {
          tags: ['favorites'],
          security,
          params: SongIdParamSchema,
          response: { 200: OkSchema, ...errors },
        },
      },
      async (req) => {
        await favorites.remove(req.user!.id, req.params.songId);
        return { success: true as const };
      },
    );
  };
}
