import {
  ErrorSchema,
  IdParamSchema,
  UserVotesSchema,
  VoteBodySchema,
  VoteResultSchema,
  API,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { VotesService } from './votes.service.js';

export function votesRoutes(deps: {
  votes: VotesService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { votes, guards } = deps;
  const common = {
    preHandler: guards.requireUser,
  };
  const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema };
  return async (app) => {
    app.post(
      API.songVote.pattern,
      {
        ...common,
        schema: {
          tags: ['votes'],
          security: [{ bearer: [] }],
          params: IdParamSchema,
          body: VoteBodySchema,
          response: { 200: VoteResultSchema, ...errors },
        },
      },
      (req) => votes.set(req.user!, req.params.id, req.body.vote),
    );

    app.delete(
      API.songVote.pattern,
      {
        ...common,
        schema: {
          tags: ['votes'],
          security: [{ bearer: [] }],
          params: IdParamSchema,
          response: { 200: VoteResultSchema, ...errors },
        },
      },
      (req) => votes.set(req.user!, req.params.id, null),
    );

    app.get(
      API.userVotes.pattern,
      {
        ...common,
        schema: {
          tags: ['votes'],
          security: [{ bearer: [] }],
          response: { 200: UserVotesSchema, 401: ErrorSchema },
        },
      },
      async (req) => ({ votes: await votes.byUser(req.user!) }),
    );
  };
}
