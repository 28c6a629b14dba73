import crypto from 'node:crypto';
import type { Redis } from 'ioredis';
import { loadOnUse } from '../lib/load-on-use.js';
import {
  FEED_KINDS,
  LIMITS,
  LiveLineItemSchema,
  OnelinerMessageSchema,
  PrivateMessageSchema,
} from '@queuecast/contract';
import { z } from 'zod';
import type { BusEvent, BusEventType, EventBus } from '../core/bus.js';

/*
 * Redis pub/sub, not Redis streams. Every event on the bus says "something in the database
 * changed, rebuild from it" (listeners.changed carries a count, but only the latest one
 * matters and the next change brings a new one). A stream would keep a history, need trimming
 * and a read position per node, and replay events whose only use is to trigger a rebuild that
 * reads the database anyway. Pub/sub keeps nothing and adds no
 * latency; what it loses is handled instead: a node whose subscription dropped resynchronises
 * by telling its own subscribers `queue.changed` once it is subscribed again, and a node that
 * could not send some of its events announces `queue.changed` to the others once it can.
 */

/** The minimum of a pino/Fastify logger the bus writes to. */
export interface BusLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Every event type the bus carries, checked on receipt. Adding a BusEvent fails here until listed. */
const EVENT_SCHEMAS = {
  'queue.changed': z.object({ type: z.literal('queue.changed') }),
  'track.started': z.object({
    type: z.literal('track.started'),
    song_id: z.number().int(),
    queue_id: z.number().int().nullable(),
    requested_by: z.number().int().nullable(),
    started_at: z.number().int(),
    exact_start: z.number(),
  }),
  'next.changed': z.object({ type: z.literal('next.changed') }),
  'skip.requested': z.object({
    type: z.literal('skip.requested'),
    song_id: z.number().int(),
  }),
  'hls.clients': z.object({
    type: z.literal('hls.clients'),
    node: z.string().max(200),
    count: z.number().int().min(0),
  }),
  'sites.sockets': z.object({
    type: z.literal('sites.sockets'),
    node: z.string().max(200),
    count: z.number().int().min(0),
  }),
  'users.seen': z.object({ type: z.literal('users.seen') }),
  'webhook.queued': z.object({ type: z.literal('webhook.queued') }),
  'listeners.changed': z.object({
    type: z.literal('listeners.changed'),
    listeners: z.number().int().min(0),
  }),
  'oneliner.posted': z.object({
    type: z.literal('oneliner.posted'),
    message: OnelinerMessageSchema,
  }),
  'oneliner.deleted': z.object({ type: z.literal('oneliner.deleted'), id: z.number().int() }),
  'user.muted': z.object({
    type: z.literal('user.muted'),
    user_id: z.number().int(),
    muted_until: z.number().int().nullable(),
  }),
  'sessions.revoked': z.object({
    type: z.literal('sessions.revoked'),
    user_id: z.number().int(),
    token_version: z.number().int(),
  }),
  'upload.status': z.object({
    type: z.literal('upload.status'),
    user_id: z.number().int(),
    song_id: z.number().int(),
    state: z.enum(['queued', 'analysing']),
    position: z.number().int().min(1).optional(),
  }),
  'feed.added': z.object({
    type: z.literal('feed.added'),
    kind: z.enum(FEED_KINDS),
    id: z.number().int(),
  }),
  'message.sent': z.object({
    type: z.literal('message.sent'),
    message: PrivateMessageSchema,
    unread_count: z.number().int().min(0),
  }),
  'messages.read': z.object({
    type: z.literal('messages.read'),
    reader_id: z.number().int(),
    read_at: z.number().int(),
    unread_count: z.number().int().min(0),
    by_sender: z.array(z.object({ from_uid: z.number().int(), ids: z.array(z.number().int()) })),
  }),
  'show.changed': z.object({ type: z.literal('show.changed') }),
  'show.title': z.object({
    type: z.literal('show.title'),
    dj_id: z.number().int(),
    title: z.string().max(LIMITS.liveTitleMax * 4),
  }),
  'show.ended': z.object({
    type: z.literal('show.ended'),
    dj_id: z.number().int(),
    reason: z.enum(['kicked', 'revoked']),
  }),
  'show.line': z.object({
    type: z.literal('show.line'),
    dj_id: z.number().int(),
    item: LiveLineItemSchema,
  }),
} satisfies { [K in BusEventType]: z.ZodType<Extract<BusEvent, { type: K }>> };

const isEventType = (type: string): type is BusEventType => Object.hasOwn(EVENT_SCHEMAS, type);

/** What travels on the channel: the sending node, so that it can skip its own echo. */
const EnvelopeSchema = z.object({
  v: z.literal(1),
  node: z.string().min(1),
  event: z.looseObject({ type: z.string() }),
});
type Envelope = { v: 1; node: string; event: BusEvent };

const RESYNC: BusEvent = { type: 'queue.changed' };
const QUIT_TIMEOUT_MS = 1000;
const REJECT_LOG_INTERVAL_MS = 10_000;

export interface RedisEventBusOptions {
  /** redis:// or rediss:// URL. */
  url: string;
  /** The pub/sub channel shared by the nodes of one station (see busChannel). */
  channel: string;
  log: BusLog;
  /** Publishes awaiting Redis's answer beyond which new ones are not sent (only delivered here). */
  maxInFlight?: number;
}

/**
 * The bus between processes: an event published here reaches this process's subscribers
 * directly (once, even while Redis is away) and every other node's through Redis.
 */
export class RedisEventBus implements EventBus {
  /** Identifies this process's messages on the channel. */
  readonly nodeId = crypto.randomUUID();
  private readonly handlers = new Set<(event: BusEvent) => void>();
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly log: BusLog;
  private readonly maxInFlight: number;
  private readonly where: string;
  private inFlight = 0;
  /** Own events not sent to the other nodes since the last resync announcement. */
  private unsent = 0;
  /** The subscription dropped (or never came up): other nodes' events may have been missed. */
  private subscriptionLost = false;
  private unreachable = false;
  private rejected = 0;
  private lastRejectLog = 0;
  private closed = false;

  constructor(options: RedisEventBusOptions) {
    this.channel = options.channel;
    this.log = options.log;
    this.maxInFlight = options.maxInFlight ?? 1000;
    this.where = redactUrl(options.url);
    const name = `queuecast-${this.nodeId.slice(0, 8)}`;
    const { Redis: RedisClient } = loadOnUse<typeof import('ioredis')>('ioredis');
    // No offline queue: while Redis is away a publish is refused at once instead of piling up.
    this.pub = new RedisClient(options.url, {
      enableOfflineQueue: false,
      connectionName: `${name}-pub`,
    });
    // Subscribed by hand on every `ready`, so that the resync follows a confirmed subscription.
    this.sub = new RedisClient(options.url, {
      autoResubscribe: false,
      connectionName: `${name}-sub`,
    });

    for (const conn of [this.pub, this.sub]) {
      conn.on('error', (err: Error) => this.onError(err));
    }
    this.pub.on('ready', () => this.onPubReady());
    this.sub.on('ready', () => void this.onSubReady());
    this.sub.on('close', () => {
      if (!this.closed) this.subscriptionLost = true;
    });
    this.sub.on('message', (channel: string, message: string) => this.receive(channel, message));
  }

  get connected(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  async ping(): Promise<void> {
    await this.pub.ping();
  }

  publish(event: BusEvent): void {
    // Delivered after the publisher's own work, as the memory bus does.
    queueMicrotask(() => this.deliver(event));
    if (!this.closed) this.send(event);
  }

  subscribe(handler: (event: BusEvent) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    await Promise.all([quit(this.pub), quit(this.sub)]);
  }

  /** To the other nodes only; refused (and counted) while Redis is away or too slow. */
  private send(event: BusEvent): void {
    if (this.pub.status !== 'ready' || this.inFlight >= this.maxInFlight) {
      this.unsent++;
      return;
    }
    const envelope: Envelope = { v: 1, node: this.nodeId, event };
    this.inFlight++;
    this.pub
      .publish(this.channel, JSON.stringify(envelope))
      .catch(() => {
        this.unsent++;
      })
      .finally(() => {
        this.inFlight--;
      });
  }

  private deliver(event: BusEvent): void {
    for (const handler of this.handlers) {
      try {
        handler(event);
      } catch (err) {
        this.log.error({ err, event: event.type }, 'a bus subscriber failed');
      }
    }
  }

  private receive(channel: string, message: string): void {
    if (channel !== this.channel) return;
    let data: unknown;
    try {
      data = JSON.parse(message);
    } catch {
      return this.reject(message, 'not JSON');
    }
    const envelope = EnvelopeSchema.safeParse(data);
    if (!envelope.success) return this.reject(message, 'not a bus envelope');
    if (envelope.data.node === this.nodeId) return; // delivered here when published
    const { type } = envelope.data.event;
    if (!isEventType(type)) return this.reject(message, 'unknown event type');
    const event = EVENT_SCHEMAS[type].safeParse(envelope.data.event);
    if (!event.success) return this.reject(message, 'malformed event');
    this.deliver(event.data);
  }

  /** Drops a message; logs it, at most once per interval with the count since the last log. */
  private reject(message: string, reason: string): void {
    this.rejected++;
    const now = Date.now();
    if (now - this.lastRejectLog < REJECT_LOG_INTERVAL_MS) return;
    this.log.warn(
      { reason, sample: message.slice(0, 200), dropped: this.rejected, channel: this.channel },
      'dropped a message on the event bus',
    );
    this.lastRejectLog = now;
    this.rejected = 0;
  }

  private onError(err: Error): void {
    if (this.closed || this.unreachable) return;
    this.unreachable = true;
    this.log.error(
      { err: err.message, redis: this.where },
      'Redis unreachable: events reach this node only until it is back; retrying',
    );
  }

  private onPubReady(): void {
    if (this.closed || this.unsent === 0) return;
    this.log.info({ unsent: this.unsent }, 'event bus: asking the other nodes to resynchronise');
    this.unsent = 0;
    this.send(RESYNC);
  }

  private async onSubReady(): Promise<void> {
    try {
      await this.sub.subscribe(this.channel);
    } catch {
      return; // the connection went again; its next `ready` subscribes
    }
    if (this.closed) return;
    if (this.unreachable) {
      this.unreachable = false;
      this.log.info({ redis: this.where }, 'Redis reachable again');
    }
    if (this.subscriptionLost) {
      this.subscriptionLost = false;
      this.deliver(RESYNC);
    }
  }
}

async function quit(conn: Redis): Promise<void> {
  if (conn.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, QUIT_TIMEOUT_MS);
      timer.unref();
    });
    await Promise.race([conn.quit().catch(() => undefined), timeout]);
    clearTimeout(timer);
  }
  if (conn.status !== 'end') conn.disconnect();
}

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis://(unparsable URL)';
  }
}
