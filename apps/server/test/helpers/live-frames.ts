import { LiveServerMessageSchema, type PlaybackUpdate } from '@queuecast/contract';

/**
 * A /ws frame checked against the whole live message union; the playback update when it is
 * one, null for the other messages (listener counts, sessions, …) that sockets also get.
 */
export function playbackUpdateOf(frame: Buffer | string): PlaybackUpdate | null {
  const message = LiveServerMessageSchema.parse(JSON.parse(frame.toString()));
  return message.type === 'playback_update' ? message : null;
}
