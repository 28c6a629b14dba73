import {
  API,
  ChatSettingsSchema,
  ErrorSchema,
  IdParamSchema,
  ModerationLogQuerySchema,
  ModerationLogSchema,
  MuteBodySchema,
  MuteResultSchema,
  OkSchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { ModerationService } from './moderation.service.js';

/** Chat moderation: staff (helpers, moderators, admins) act; admins read the log. */
export function moderationRoutes(deps: {
  moderation: ModerationService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { moderation, guards } = deps;
  const staff = guards.requireRole('helper', 'moderator', 'admin');
  const denied = { 401: ErrorSchema, 403: ErrorSchema };
  return async (app) => {
    app.delete(
      API.onelinerMessage.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['moderation'],
          summary: 'Remove a chat message (staff); it disappears from every open page',
          security: [{ bearer: [] }],
          params: IdParamSchema,
          response: { 200: OkSchema, ...denied, 404: ErrorSchema },
        },
      },
      async (req) => {
        await moderation.deleteMessage(req.user!, req.params.id);
        return { success: true as const };
      },
    );

    app.post(
      API.mute.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['moderation'],
          summary:
            "Mute a user for some minutes: chat, comments, private messages (staff); 0 lifts the mute. 403 for oneself and for a role not below the caller's (admins: anyone but admins)",
          security: [{ bearer: [] }],
          params: IdParamSchema,
          body: MuteBodySchema,
          response: { 200: MuteResultSchema, ...denied, 404: ErrorSchema },
        },
      },
      async (req) => moderation.mute(req.user!, req.params.id, req.body.minutes),
    );

    app.get(
      API.chatSettings.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['moderation'],
          summary: 'Slow mode and the word filter (staff)',
          security: [{ bearer: [] }],
          response: { 200: ChatSettingsSchema, ...denied },
        },
      },
      () => moderation.chatSettings(),
    );

    app.put(
      API.chatSettings.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['moderation'],
          summary: 'Set slow mode and the word filter (staff)',
          security: [{ bearer: [] }],
          body: ChatSettingsSchema,
          response: { 200: ChatSettingsSchema, ...denied },
        },
      },
      async (req) => moderation.setChatSettings(req.user!, req.body),
    );

    app.get(
      API.moderationLog.pattern,
      {
        preHandler: guards.requireRole('admin'),
        schema: {
          tags: ['moderation'],
          summary: 'Every staff action, newest first (admins)',
          security: [{ bearer: [] }],
          querystring: ModerationLogQuerySchema,
          response: { 200: ModerationLogSchema, ...denied },
        },
      },
      async (req) => ({ entries: await moderation.log(req.query.limit, req.query.from_id) }),
    );
  };
}
