import crypto from 'node:crypto';
import { LiveServerMessageSchema, type PlaybackUpdate } from '@queuecast/contract';

/** A masked client text frame (RFC 6455 §5.3), for payloads under 126 bytes. */
export function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = crypto.randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x81;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let i = 0; i < payload.length; i++) frame[6 + i] = payload[i]! ^ mask[i % 4]!;
  return frame;
}

/**
 * A /ws frame checked against the whole live message union; the playback update when it is
 * one, null for the other messages (listener counts, sessions, …) that sockets also get.
 */
export function playbackUpdateOf(frame: Buffer | string): PlaybackUpdate | null {
  const message = LiveServerMessageSchema.parse(JSON.parse(frame.toString()));
  return message.type === 'playback_update' ? message : null;
}
