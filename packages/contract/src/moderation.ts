import { z } from 'zod';
import { idPageQuery } from './common.js';

/** POST /api/moderation/users/{id}/mute: minutes of silence in the chat; 0 lifts a mute. */
export const MuteBodySchema = z.object({
  minutes: z
    .number({ error: 'minutes must be a whole number.' })
    .int('minutes must be a whole number.')
    .min(0, 'minutes must not be negative.')
    .max(60 * 24 * 30, 'A mute lasts at most 30 days.'),
});
export const MuteResultSchema = z.object({
  user_id: z.number().int(),
  /** Epoch seconds; null when not muted. */
  muted_until: z.number().int().nullable(),
});
export type MuteResult = z.infer<typeof MuteResultSchema>;

/** What staff set for the chat: a minimum interval per user, and words that are masked. */
export const ChatSettingsSchema = z.object({
  slow_mode_seconds: z
    .number({ error: 'slow_mode_seconds must be a whole number.' })
    .int('slow_mode_seconds must be a whole number.')
    .min(0, 'slow_mode_seconds must not be negative.')
    .max(3600, 'Slow mode is at most one hour.'),
  word_filter: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A filtered word must not be empty.')
        .max(50, 'A filtered word is at most 50 characters.'),
    )
    .max(500, 'At most 500 filtered words.'),
});
export type ChatSettings = z.infer<typeof ChatSettingsSchema>;

/** One staff action, as admins read it. */
export const ModerationEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.number().int(),
});
export type ModerationEntry = z.infer<typeof ModerationEntrySchema>;
export const ModerationLogSchema = z.object({ entries: z.array(ModerationEntrySchema) });
export type ModerationLog = z.infer<typeof ModerationLogSchema>;
export const ModerationLogQuerySchema = idPageQuery(50, 200);
