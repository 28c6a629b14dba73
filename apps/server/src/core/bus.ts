/**
 * What changed, said once by whoever changed it. Publishers are services and the station;
 * the live channel listens and turns events into messages for its sockets. Every event is
 * plain JSON, so that a bus between processes (Redis) can carry it unchanged.
 */
import type { FeedKind, LiveLineItem, OnelinerMessage, PrivateMessage } from '@queuecast/contract';

export type BusEvent =
  /** The queue or the catalogue's request state changed: rebuild the playback update. */
  | { type: 'queue.changed' }
  /**
   * A track's first sample entered the stream. `requested_by` is null for auto-DJ picks;
   * `started_at` is the whole second stored, `exact_start` the start to the millisecond (the
   * stored second for a track resumed after a restart).
   */
  | {
      type: 'track.started';
      song_id: number;
      queue_id: number | null;
      requested_by: number | null;
      started_at: number;
      exact_start: number;
    }
  /**
   * The playout chose its own pick for the next track, or dropped it (a request replaced it):
   * the queue's "Up next" is read again from the database.
   */
  | { type: 'next.changed' }
  /** Staff asked for the track on air, `song_id`, to be cut: the playout cuts it if it still plays. */
  | { type: 'skip.requested'; song_id: number }
  /**
   * A live show started, went to stand-by or back, has a new title, or ended: the playback
   * update is read again from the database.
   */
  | { type: 'show.changed' }
  /**
   * A DJ sent a title (the Icecast metadata request, on whichever node took it): the playout
   * puts it on air if that DJ's source is connected, and drops it otherwise.
   */
  | { type: 'show.title'; dj_id: number; title: string }
  /**
   * Staff kicked the DJ on air, or an admin took their DJ permission: the playout drops their
   * source and the queue resumes, without waiting for them to come back.
   */
  | { type: 'show.ended'; dj_id: number; reason: 'kicked' | 'revoked' }
  /** A listener's request or dedication during a show, for that show's DJ. */
  | { type: 'show.line'; dj_id: number; item: LiveLineItem }
  /** A node's HLS clients (those polling the playlist through it), when the count changed. */
  | { type: 'hls.clients'; node: string; count: number }
  /** A node's open pages of the site (its live sockets), when the count changed. */
  | { type: 'sites.sockets'; node: string; count: number }
  /** A webhook delivery was queued (on any node): the node that sends looks at its queue. */
  | { type: 'webhook.queued' }
  /** A user became active (signed-in call after a quiet spell). */
  | { type: 'users.seen' }
  /** The station's listener count changed (MP3 connections plus recent HLS clients). */
  | { type: 'listeners.changed'; listeners: number }
  /** A oneliner message was posted (stored, as every page shows it). */
  | { type: 'oneliner.posted'; message: OnelinerMessage }
  /** Staff removed a oneliner message. */
  | { type: 'oneliner.deleted'; id: number }
  /** Staff muted a user in the chat until `muted_until`, or lifted the mute (null). */
  | { type: 'user.muted'; user_id: number; muted_until: number | null }
  /**
   * The user's tokens older than `token_version` were revoked (a password or role change, a
   * log-out everywhere): their sockets still on an older token leave the user's rooms.
   */
  | { type: 'sessions.revoked'; user_id: number; token_version: number }
  /**
   * A user's uploaded file waits in the analysis queue (`position` 1: next) or is being analysed.
   */
  | {
      type: 'upload.status';
      user_id: number;
      song_id: number;
      state: 'queued' | 'analysing';
      position?: number;
    }
  /** Something the station feed shows happened: a play, a request, a comment, a new song. */
  | { type: 'feed.added'; kind: FeedKind; id: number }
  /** A private message was stored; `unread_count` is the recipient's after it. */
  | { type: 'message.sent'; message: PrivateMessage; unread_count: number }
  /**
   * A user read private messages: their unread count after it, and per sender the ids read
   * (so that each sender's read ticks turn on).
   */
  | {
      type: 'messages.read';
      reader_id: number;
      read_at: number;
      unread_count: number;
      by_sender: { from_uid: number; ids: number[] }[];
    };

export type BusEventType = BusEvent['type'];

export interface EventBus {
  /** Delivered to every subscriber in every process on the bus, this one included. */
  publish(event: BusEvent): void;
  subscribe(handler: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
  /** A bus between processes: whether its connections are up now (a readiness check's). */
  readonly connected?: boolean;
  /** A bus between processes: a round trip to it (rejects while it is away). */
  ping?(): Promise<void>;
}
