import { z } from 'zod';
import { idPageQuery, MAX_ID } from './common.js';
import { LIMITS } from './limits.js';
import { PrivateMessageSchema } from './live.js';

/** GET /api/messages/unread/count. */
export const UnreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

const userId = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a user id.` })
    .int(`${name} must be a user id.`)
    .positive(`${name} must be a user id.`)
    .max(MAX_ID, `${name} must be a user id.`);

/** One partner of the caller's private conversations, most recent first. */
export const ConversationSchema = z.object({
  /** The partner's user id. */
  id: z.number().int(),
  username: z.string(),
  last_message_time: z.number().int(),
  /**
   * The id of the latest message between the two. A live message with this id or a lower one
   * is already counted in `unread_count`.
   */
  last_message_id: z.number().int(),
  /** Messages from this partner the caller has not read. */
  unread_count: z.number().int(),
});
export type Conversation = z.infer<typeof ConversationSchema>;
export const ConversationListSchema = z.object({ conversations: z.array(ConversationSchema) });
export type ConversationList = z.infer<typeof ConversationListSchema>;

/**
 * GET /api/messages?with={userId}: the thread with one partner. The page holds the latest
 * `limit` messages (older than `from_id` when given), oldest first as a thread reads.
 */
export const ThreadQuerySchema = idPageQuery(LIMITS.threadPageSize, 200).extend({
  with: userId('with'),
});
export const ThreadSchema = z.object({ messages: z.array(PrivateMessageSchema) });
export type Thread = z.infer<typeof ThreadSchema>;

/** POST /api/messages. */
export const SendMessageSchema = z.object({
  to_uid: z
    .number({ error: 'to_uid must be a user id.' })
    .int('to_uid must be a user id.')
    .positive('to_uid must be a user id.')
    .max(MAX_ID, 'to_uid must be a user id.'),
  message: z
    .string({ error: 'message must be text.' })
    .trim()
    .min(1, 'Message must not be empty.')
    .max(
      LIMITS.privateMessageMax,
      `Message must be at most ${LIMITS.privateMessageMax} characters.`,
    ),
});
export type SendMessage = z.infer<typeof SendMessageSchema>;

/** PUT /api/messages/read: only messages sent to the caller change. */
export const MarkReadSchema = z.object({
  messageIds: z
    .array(
      z
        .number({ error: 'messageIds must be message ids.' })
        .int('messageIds must be message ids.')
        .positive('messageIds must be message ids.')
        .max(MAX_ID, 'messageIds must be message ids.'),
      { error: 'messageIds must be a list of message ids.' },
    )
    .min(1, 'messageIds must not be empty.')
    .max(500, 'At most 500 messages at a time.'),
});
export type MarkRead = z.infer<typeof MarkReadSchema>;
export const MarkReadResultSchema = z.object({
  success: z.literal(true),
  /** How many of the ids were unread messages to the caller (now read). */
  updated: z.number().int(),
  unreadCount: z.number().int(),
});
export type MarkReadResult = z.infer<typeof MarkReadResultSchema>;

/** A user as the inbox names them: id and username, nothing else. */
export const UserRefSchema = z.object({ id: z.number().int(), username: z.string() });
export type UserRef = z.infer<typeof UserRefSchema>;
export const UserRefListSchema = z.object({ users: z.array(UserRefSchema) });
export type UserRefList = z.infer<typeof UserRefListSchema>;

/** GET /api/users/search: more than one character; at most 10 results. */
export const UserSearchQuerySchema = z.object({
  search: z
    .string({ error: 'Type at least 2 characters to search.' })
    .trim()
    .min(2, 'Type at least 2 characters to search.')
    .max(LIMITS.usernameMax, `A username is at most ${LIMITS.usernameMax} characters.`),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LIMITS.userSearchMax, `limit must be at most ${LIMITS.userSearchMax}`)
    .default(LIMITS.userSearchMax),
});

/** PUT/DELETE /api/user/blocks/{id}. */
export const UserIdParamSchema = z.object({ id: userId('id') });
export const BlockResultSchema = z.object({ user_id: z.number().int(), blocked: z.boolean() });
export type BlockResult = z.infer<typeof BlockResultSchema>;
