import { z } from 'zod';
import { idPageQuery } from './common.js';
import { LIMITS } from './limits.js';
import { FeedItemSchema } from './feed.js';
import { LiveLineItemSchema, LiveShowSchema, PastShowSchema } from './live-show.js';
import { NextShowSchema } from './schedule.js';
import { QueueSongSchema, SongSchema } from './song.js';
import { ActiveUserSchema, RoleSchema } from './user.js';

export const OnelinerMessageSchema = z.object({
  id: z.number().int(),
  /** The author's user id, which staff moderation controls act on. */
  author_id: z.number().int(),
  author: z.string(),
  message: z.string(),
  timestamp: z.number().int(),
});
export type OnelinerMessage = z.infer<typeof OnelinerMessageSchema>;

/** GET /api/oneliner: newest first; `from_id` pages to messages older than that id. */
export const OnelinerQuerySchema = idPageQuery(LIMITS.onelinerPageSize, 100);
export const OnelinerListSchema = z.object({ messages: z.array(OnelinerMessageSchema) });
export type OnelinerList = z.infer<typeof OnelinerListSchema>;

/** POST /api/oneliner. */
export const OnelinerPostSchema = z.object({
  message: z
    .string({ error: 'message must be text.' })
    .trim()
    .min(1, 'Message must not be empty.')
    .max(LIMITS.chatMax, `Message must be at most ${LIMITS.chatMax} characters.`),
});
export type OnelinerPost = z.infer<typeof OnelinerPostSchema>;

/** One private message, as its two parties see it (`read_timestamp` null while unread). */
export const PrivateMessageSchema = z.object({
  id: z.number().int(),
  from_uid: z.number().int(),
  to_uid: z.number().int(),
  from_username: z.string(),
  message: z.string(),
  sent_timestamp: z.number().int(),
  read_timestamp: z.number().int().nullable(),
});
export type PrivateMessage = z.infer<typeof PrivateMessageSchema>;

/** Pushed to every socket on connect and on every change of the station's state. */
export const PlaybackUpdateSchema = z.object({
  type: z.literal('playback_update'),
  now_playing: QueueSongSchema.nullable(),
  /**
   * The requests waiting, in play order; without any, the station's own pick for the next track
   * once the playout has chosen it (one entry with `up_next`).
   */
  queue: z.array(QueueSongSchema),
  history: z.array(QueueSongSchema),
  active_users: z.array(ActiveUserSchema),
  oneliner: z.array(OnelinerMessageSchema),
  /** Current listeners: MP3 connections plus HLS clients seen in the last 30 s. */
  listeners: z.number().int(),
  server_time: z.number(),
  /** Shown where a song has no requester, and as the media-session fallback. */
  station: z.object({ name: z.string(), dj_label: z.string() }),
  /**
   * The live show on air, or null. While it is on, `now_playing` is null (no song plays) and
   * requests in `queue` wait for after the show.
   */
  live: LiveShowSchema.nullable(),
  /** Live shows that ended within the history shown, newest first, with the DJ's titles. */
  shows: z.array(PastShowSchema),
  /** The next scheduled show to begin, if any ("Next show: … in 2 h"). */
  next_show: NextShowSchema.nullable().optional(),
});
export type PlaybackUpdate = z.infer<typeof PlaybackUpdateSchema>;

/** The listener count changed (every socket). */
export const ListenersMessageSchema = z.object({
  type: z.literal('listeners'),
  listeners: z.number().int(),
});

/** A new oneliner message (every socket). */
export const ChatMessageSchema = z.object({
  type: z.literal('chat_message'),
  message: OnelinerMessageSchema,
});

/** A oneliner message was removed by staff (every socket). */
export const ChatDeletedSchema = z.object({
  type: z.literal('chat_deleted'),
  id: z.number().int(),
});

/** A private message for this user, or one this user sent from another page (user's room). */
export const PrivateMessageEventSchema = z.object({
  type: z.literal('private_message'),
  message: PrivateMessageSchema,
});

/** The user's unread private messages (user's room). */
export const UnreadCountMessageSchema = z.object({
  type: z.literal('unread_count'),
  unreadCount: z.number().int(),
});

/** The partner read messages this user sent (sender's room): their read ticks turn on. */
export const MessagesReadSchema = z.object({
  type: z.literal('messages_read'),
  reader_id: z.number().int(),
  ids: z.array(z.number().int()),
  read_timestamp: z.number().int(),
});

/** Something new in the station feed (every socket). */
export const FeedItemMessageSchema = z.object({
  type: z.literal('feed_item'),
  item: FeedItemSchema,
});

/** A song this user requested has just gone on air (user's room). */
export const RequestOnAirSchema = z.object({
  type: z.literal('request_on_air'),
  song: z.object({ id: z.number().int(), title: z.string(), artist: z.string().nullable() }),
});

/** A listener's request or dedication for the DJ on air (the DJ's room). */
export const LiveLineMessageSchema = z.object({
  type: z.literal('live_line'),
  item: LiveLineItemSchema,
});

/**
 * The answer to `auth`: who the socket now belongs to (`user` null: anonymous again, because
 * the client logged out, or the token was refused or has expired). Also sent unasked when the
 * token expires or the account's sessions are ended.
 */
export const LiveSessionSchema = z.object({
  type: z.literal('session'),
  user: z.object({ id: z.number().int(), username: z.string(), role: RoleSchema }).nullable(),
  /** Why a token was refused; absent when the change was asked for or the token accepted. */
  error: z.string().optional(),
  /**
   * Set when the session ended because the account's tokens were revoked (a password change, a
   * role change, a log-out everywhere): tokens of a lower version (`tv`) no longer work. A client
   * already holding a token of this version keeps its session and re-authenticates with it.
   */
  token_version: z.number().int().optional(),
  /** For a signed-in socket whose user is muted in the chat: when the mute ends. */
  muted_until: z.number().int().optional(),
});

/**
 * Where this user's upload of a song's file stands once its bytes are in (user's room): waiting
 * for its turn in the analysis queue (`position` 1: next), or being analysed.
 */
export const UploadStatusSchema = z.object({
  type: z.literal('upload_status'),
  song_id: z.number().int(),
  state: z.enum(['queued', 'analysing']),
  position: z.number().int().optional(),
});

/** Staff muted this user in the chat (until when) or lifted the mute (null) (user's room). */
export const MuteChangedSchema = z.object({
  type: z.literal('mute_changed'),
  muted_until: z.number().int().nullable(),
});

/** Everything the server pushes: one union discriminated on `type`. */
export const LiveServerMessageSchema = z.discriminatedUnion('type', [
  PlaybackUpdateSchema,
  ListenersMessageSchema,
  ChatMessageSchema,
  ChatDeletedSchema,
  PrivateMessageEventSchema,
  UnreadCountMessageSchema,
  MessagesReadSchema,
  FeedItemMessageSchema,
  MuteChangedSchema,
  RequestOnAirSchema,
  LiveSessionSchema,
  UploadStatusSchema,
  LiveLineMessageSchema,
]);
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;
export type LiveServerMessageType = LiveServerMessage['type'];
export type LiveMessageOf<T extends LiveServerMessageType> = Extract<
  LiveServerMessage,
  { type: T }
>;

/**
 * What a client may send. `refresh` asks for the latest playback update; `auth` joins the
 * socket to its user's room (the token travels in a message, never in the URL, which ends up
 * in logs); `auth` with a null token leaves it (logout).
 */
export const LiveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('refresh') }),
  z.object({ type: z.literal('auth'), token: z.string().max(LIMITS.tokenMax).nullable() }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessageSchema>;

/** `/stream/{segment}`: an HLS segment or the MP3 stream. */
export const StreamSegmentParamSchema = z.object({ segment: z.string().max(100) });

export const SkipResultSchema = z.object({ skipped: SongSchema.nullable() });
export type SkipResult = z.infer<typeof SkipResultSchema>;
