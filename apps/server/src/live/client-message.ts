import { LiveClientMessageSchema, type LiveClientMessage } from '@queuecast/contract';

/** Messages longer than this are ignored, unless they are `auth` (a token is up to 2 KiB). */
export const IGNORED_OVER = 1024;
/** Messages longer than this close the socket (1009, message too big). */
export const REFUSED_OVER = 4096;

/** What a client sent, or null for anything that is not a message it may send. */
export function parseClientMessage(data: Buffer): LiveClientMessage | null {
  if (data.length > REFUSED_OVER) return null;
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    return null; // a bad frame is ignored, never fatal
  }
  const parsed = LiveClientMessageSchema.safeParse(json);
  if (!parsed.success) return null;
  if (data.length > IGNORED_OVER && parsed.data.type !== 'auth') return null;
  return parsed.data;
}
