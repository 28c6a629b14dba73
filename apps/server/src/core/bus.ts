/**
 * What changed, said once by whoever changed it. Publishers are services and the station;
 * the live channel listens and turns events into messages for its sockets. Every event is
 * plain JSON, so that a bus between processes (Redis) can carry it unchanged.
 */
import type { OnelinerMessage } from '@queuecast/contract';

export type BusEvent =
  /** The queue or the catalogue's request state changed: rebuild the playback update. */
  | { type: 'queue.changed' }
  /** A track's first sample entered the stream. `requested_by` is null for auto-DJ picks. */
  | {
      type: 'track.started';
      song_id: number;
      queue_id: number | null;
      requested_by: number | null;
    }
  /** A user became active (signed-in call after a quiet spell). */
  | { type: 'users.seen' }
  /** The station's listener count changed (MP3 connections plus recent HLS clients). */
  | { type: 'listeners.changed'; listeners: number }
  /** A oneliner message was posted (stored, as every page shows it). */
  | { type: 'oneliner.posted'; message: OnelinerMessage }
  /** Staff removed a oneliner message. */
  | { type: 'oneliner.deleted'; id: number };

export type BusEventType = BusEvent['type'];

export interface EventBus {
  /** Delivered to every subscriber in every process on the bus, this one included. */
  publish(event: BusEvent): void;
  subscribe(handler: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}
