import {
  API,
  BlockResultSchema,
  ConversationListSchema,
  ErrorSchema,
  MarkReadResultSchema,
  MarkReadSchema,
  PrivateMessageSchema,
  SendMessageSchema,
  ThreadQuerySchema,
  ThreadSchema,
  UnreadCountSchema,
  UserIdParamSchema,
  UserRefListSchema,
  UserSearchQuerySchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { MessagesService } from './messages.service.js';

/**
 * The inbox: private messages, the user search that finds someone to write to, and blocks.
 * Every route acts for the signed-in caller only; no role sees anyone else's messages.
 */
export function messagesRoutes(deps: {
  messages: MessagesService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { messages, guards } = deps;
  const signedIn = {
    preHandler: guards.requireUser,
  };
  const base = { tags: ['messages'], security: [{ bearer: [] }] };
  return async (app) => {
    app.get(
      API.unreadCount.pattern,
      {
        ...signedIn,
        schema: { ...base, response: { 200: UnreadCountSchema, 401: ErrorSchema } },
      },
      async (req) => ({ unreadCount: await messages.unreadCount(req.user!.id) }),
    );

    app.get(
      API.conversations.pattern,
      {
        ...signedIn,
        schema: {
          ...base,
          summary: "The caller's conversations, most recent first, with unread counts",
          response: { 200: ConversationListSchema, 401: ErrorSchema },
        },
      },
      async (req) => ({ conversations: await messages.conversations(req.user!.id) }),
    );

    app.get(
      API.messages.pattern,
      {
        ...signedIn,
        schema: {
          ...base,
          summary: 'The thread with one user, oldest first; from_id pages to older messages',
          querystring: ThreadQuerySchema,
          response: { 200: ThreadSchema, 401: ErrorSchema },
        },
      },
      async (req) => ({
        messages: await messages.thread(
          req.user!.id,
          req.query.with,
          req.query.limit,
          req.query.from_id,
        ),
      }),
    );

    app.post(
      API.messages.pattern,
      {
        config: { limit: 'message' },
        ...signedIn,
        schema: {
          ...base,
          summary: 'Send a private message (the recipient’s open pages get it at once)',
          description:
            '400 for a blank or too long message or one to oneself; 403 while muted (with muted_until) or when the recipient blocked the sender; 404 for an unknown recipient; 429 (with retry_after) when sending too fast.',
          body: SendMessageSchema,
          response: {
            200: PrivateMessageSchema,
            401: ErrorSchema,
            403: ErrorSchema,
            404: ErrorSchema,
            429: ErrorSchema,
          },
        },
      },
      async (req) => messages.send(req.user!, req.body.to_uid, req.body.message),
    );

    app.put(
      API.markRead.pattern,
      {
        ...signedIn,
        schema: {
          ...base,
          summary: 'Mark messages read; only messages sent to the caller change',
          body: MarkReadSchema,
          response: { 200: MarkReadResultSchema, 401: ErrorSchema },
        },
      },
      async (req) => messages.markRead(req.user!.id, req.body.messageIds),
    );

    app.get(
      API.userSearch.pattern,
      {
        ...signedIn,
        schema: {
          tags: ['users'],
          security: [{ bearer: [] }],
          summary:
            'Find someone to write to: ids and usernames (never the caller or blocked users)',
          querystring: UserSearchQuerySchema,
          response: { 200: UserRefListSchema, 401: ErrorSchema },
        },
      },
      async (req) => ({
        users: await messages.searchUsers(req.user!.id, req.query.search, req.query.limit),
      }),
    );

    app.get(
      API.blocks.pattern,
      {
        ...signedIn,
        schema: {
          tags: ['users'],
          security: [{ bearer: [] }],
          summary: 'The users the caller has blocked',
          response: { 200: UserRefListSchema, 401: ErrorSchema },
        },
      },
      async (req) => ({ users: await messages.blocked(req.user!.id) }),
    );

    for (const [method, blocked] of [
      ['PUT', true],
      ['DELETE', false],
    ] as const) {
      app.route({
        method,
        url: API.block.pattern,
        ...signedIn,
        schema: {
          tags: ['users'],
          security: [{ bearer: [] }],
          summary: blocked
            ? 'Block a user: their private messages are refused and they leave your search'
            : 'Unblock a user',
          params: UserIdParamSchema,
          response: { 200: BlockResultSchema, 401: ErrorSchema, 404: ErrorSchema },
        },
        handler: async (req) => messages.setBlocked(req.user!.id, req.params.id, blocked),
      });
    }
  };
}
