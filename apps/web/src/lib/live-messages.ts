import type { LiveMessageOf, LiveServerMessage, LiveServerMessageType } from '@queuecast/contract';

/**
 * Every message type the server may push. A Record, so a type added to the contract is a
 * compile error here until the client decides what to do with it.
 */
const KNOWN: Record<LiveServerMessageType, true> = {
  playback_update: true,
  listeners: true,
  chat_message: true,
  chat_deleted: true,
  private_message: true,
  unread_count: true,
  messages_read: true,
  feed_item: true,
  mute_changed: true,
  request_on_air: true,
  session: true,
  upload_status: true,
  live_line: true,
};

/**
 * A message from the socket, or null (with a warning) for text that is not JSON or not a known
 * type. The server builds every message from the contract's schemas, so the client checks only
 * the envelope: validating with zod would put it into the first load.
 */
export function parseLiveMessage(data: string): LiveServerMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (err) {
    console.warn('ignoring unparseable live message', err);
    return null;
  }
  const type = (parsed as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !Object.hasOwn(KNOWN, type)) {
    console.warn('ignoring unknown live message', parsed);
    return null;
  }
  return parsed as LiveServerMessage;
}

/** What to do with each message type; null ignores that type on purpose. */
export type LiveHandlers = {
  [T in LiveServerMessageType]: ((message: LiveMessageOf<T>) => void) | null;
};

/** Calls the handler of the message's type. */
export function routeLiveMessage(message: LiveServerMessage, handlers: LiveHandlers): void {
  const handle = handlers[message.type] as ((message: LiveServerMessage) => void) | null;
  handle?.(message);
}

type OnAirSong = LiveMessageOf<'request_on_air'>['song'];

/** The toast for the listener whose request has just gone on air. */
export function onAirText(song: OnAirSong): string {
  const name = song.artist ? `${song.artist} - ${song.title}` : song.title;
  return `Your request "${name}" is on air`;
}
