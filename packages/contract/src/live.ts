import { z } from 'zod';
import { SongSchema } from './song.js';
import { ActiveUserSchema } from './user.js';

export const OnelinerMessageSchema = z.object({
  id: z.number().int(),
  author: z.string(),
  message: z.string(),
  timestamp: z.number().int(),
});
export type OnelinerMessage = z.infer<typeof OnelinerMessageSchema>;

/** Pushed on connect and on every change (spec §3 playback update). */
export const PlaybackUpdateSchema = z.object({
  type: z.literal('playback_update'),
  now_playing: SongSchema.nullable(),
  queue: z.array(SongSchema),
  history: z.array(SongSchema),
  active_users: z.array(ActiveUserSchema),
  oneliner: z.array(OnelinerMessageSchema),
  /** Current listeners: MP3 connections plus HLS clients seen in the last 30 s. */
  listeners: z.number().int(),
  server_time: z.number(),
  /** Shown where a song has no requester, and as the media-session fallback. */
  station: z.object({ name: z.string(), dj_label: z.string() }),
});
export type PlaybackUpdate = z.infer<typeof PlaybackUpdateSchema>;

/** Everything the server pushes: one union discriminated on `type`. */
export const LiveServerMessageSchema = z.discriminatedUnion('type', [PlaybackUpdateSchema]);
export type LiveServerMessage = z.infer<typeof LiveServerMessageSchema>;

export const LiveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('refresh') }),
]);
export type LiveClientMessage = z.infer<typeof LiveClientMessageSchema>;

export const SkipResultSchema = z.object({ skipped: SongSchema.nullable() });
export type SkipResult = z.infer<typeof SkipResultSchema>;
