import type { FeedItem, FeedKind, LiveServerMessage } from '@queuecast/contract';
import type { BusEvent, BusEventType } from '../core/bus.js';
import type { SongAudience } from '../core/song-visibility.js';
import type { Room } from './rooms.js';

/** A message for the sockets of one room. */
export interface LiveDelivery {
  room: Room;
  message: LiveServerMessage;
}

/** The reads a mapping may make. */
export interface LiveLookups {
  /** A song as messages name it, or null when it no longer exists. */
  song(id: number): Promise<{ id: number; title: string; artist: string | null } | null>;
  /**
   * A station feed item as the feed shows it, with who may hear of it, or null when it no
   * longer exists.
   */
  feedItem(kind: FeedKind, id: number): Promise<{ item: FeedItem; audience: SongAudience } | null>;
}

type EventOf<T extends BusEventType> = Extract<BusEvent, { type: T }>;
type Mapping<T extends BusEventType> = (
  event: EventOf<T>,
  lookups: LiveLookups,
) => LiveDelivery[] | Promise<LiveDelivery[]>;

/**
 * What a bus event does to the playback update: rebuilt and written to every socket
 * (`broadcast`), rebuilt for the next connection or refresh only (`hold`), or nothing.
 */
export const PLAYBACK_EFFECT: Record<BusEventType, 'broadcast' | 'hold' | 'none'> = {
  'queue.changed': 'broadcast',
  'track.started': 'broadcast',
  'next.changed': 'broadcast',
  'users.seen': 'broadcast',
  // The count goes out as its own small message; the next full update carries it too.
  'listeners.changed': 'hold',
  // The message goes out on its own; the update's recent oneliner follows for later sockets.
  'oneliner.posted': 'hold',
  'oneliner.deleted': 'hold',
  'feed.added': 'none',
  // The playout's business; the track start that follows is broadcast.
  'skip.requested': 'none',
  'show.changed': 'broadcast',
  // The playout's business: a title it puts on air, a show it ends, each then `show.changed`.
  'show.title': 'none',
  'show.ended': 'none',
  // Private: the DJ's sockets only.
  'show.line': 'none',
  // Summed by the playout, which announces the station's count.
  'hls.clients': 'none',
  // Summed by the statistics of the playout.
  'sites.sockets': 'none',
  // The webhook sender's business.
  'webhook.queued': 'none',
  'user.muted': 'none',
  // Private: the uploader's sockets only.
  'upload.status': 'none',
  // The update shows no roles or sessions. The hub hands it to the live sessions, which end
  // the sockets still on an older token (live-sessions.ts): no room message would do, since a
  // socket already on the new token is in the same room and must not hear it.
  'sessions.revoked': 'none',
  // Private: only the two parties' rooms hear of them.
  'message.sent': 'none',
  'messages.read': 'none',
};

/** The messages a bus event becomes, each for one room. */
const MAPPINGS: { [T in BusEventType]?: Mapping<T> } = {
  'oneliner.deleted': (event) => [{ room: 'all', message: { type: 'chat_deleted', id: event.id } }],
  'oneliner.posted': (event) => [
    { room: 'all', message: { type: 'chat_message', message: event.message } },
  ],
  'user.muted': (event) => [
    {
      room: `user:${event.user_id}`,
      message: { type: 'mute_changed', muted_until: event.muted_until },
    },
  ],
  'upload.status': (event) => [
    {
      room: `user:${event.user_id}`,
      message: {
        type: 'upload_status',
        song_id: event.song_id,
        state: event.state,
        ...(event.position === undefined ? {} : { position: event.position }),
      },
    },
  ],
  // An item about a song waiting for review reaches staff and the listener who added it only.
  'feed.added': async (event, lookups) => {
    const found = await lookups.feedItem(event.kind, event.id);
    if (!found) return [];
    const message = { type: 'feed_item' as const, item: found.item };
    const { audience } = found;
    if (audience.kind === 'everyone') return [{ room: 'all', message }];
    const rooms: Room[] = ['staff'];
    if (audience.userId !== null) rooms.push(`user:${audience.userId}`);
    return rooms.map((room) => ({ room, message }));
  },
  'message.sent': (event) => {
    const { message } = event;
    return [
      { room: `user:${message.to_uid}`, message: { type: 'private_message', message } },
      {
        room: `user:${message.to_uid}`,
        message: { type: 'unread_count', unreadCount: event.unread_count },
      },
      // The sender's other pages show their own message in the thread too.
      { room: `user:${message.from_uid}`, message: { type: 'private_message', message } },
    ];
  },
  'messages.read': (event) => [
    {
      room: `user:${event.reader_id}`,
      message: { type: 'unread_count', unreadCount: event.unread_count },
    },
    ...event.by_sender.map(({ from_uid, ids }) => ({
      room: `user:${from_uid}` as const,
      message: {
        type: 'messages_read' as const,
        reader_id: event.reader_id,
        ids,
        read_timestamp: event.read_at,
      },
    })),
  ],
  'show.line': (event) => [
    { room: `user:${event.dj_id}`, message: { type: 'live_line', item: event.item } },
  ],
  'listeners.changed': (event) => [
    { room: 'all', message: { type: 'listeners', listeners: event.listeners } },
  ],
  'track.started': async (event, lookups) => {
    if (event.requested_by === null) return [];
    const song = await lookups.song(event.song_id);
    if (!song) return [];
    return [{ room: `user:${event.requested_by}`, message: { type: 'request_on_air', song } }];
  },
};

export async function deliveriesFor(event: BusEvent, lookups: LiveLookups) {
  const mapping = MAPPINGS[event.type] as Mapping<typeof event.type> | undefined;
  return mapping ? mapping(event, lookups) : [];
}
