import { PAGES } from '@queuecast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Composition } from './compose.js';
import type { BusEvent } from './core/bus.js';
import { WebhookEvents } from './modules/webhooks/webhook-events.js';
import { WebhookSender, type SenderOptions } from './modules/webhooks/webhook-sender.js';
import { WebhooksRepo } from './modules/webhooks/webhooks.repo.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { WebhooksService } from './modules/webhooks/webhooks.service.js';

/** What tests may shorten: the retry waits, the receiver's time to answer, the poll. */
export type WebhookTiming = Partial<Pick<SenderOptions, 'backoffMs' | 'timeoutMs' | 'pollMs'>>;

/**
 * Webhooks: every process serves the admins' routes; the playout on air turns the station's
 * events into deliveries and sends them (each event reaches the bus of every node, and only
 * one node plays), off the event path and a few at a time.
 */
export function composeWebhooks(
  ctx: Composition,
  log: FastifyBaseLogger,
  /** The port the station listens on (known once it listens). */
  ownPort: () => number,
  timing: WebhookTiming = {},
) {
  const { config, bus, station } = ctx;
  const repo = new WebhooksRepo(ctx.db);
  const policy = {
    allowPrivate: config.insight.webhookAllowPrivate,
    get ownPort() {
      return ownPort();
    },
  };
  const isSender = () => station.isRunning;
  const sender = new WebhookSender(repo, { isSender, policy, log, ...timing });
  const service = new WebhooksService({
    repo,
    policy,
    station: () => config.stationName,
    // Told on the bus, so the sender hears of a delivery queued on another node at once.
    queued: () => bus.publish({ type: 'webhook.queued' }),
  });
  const songUrl = (id: number) => {
    const page = PAGES.song.path({ id });
    return /^https?:\/\//.test(config.stationUrl) ? new URL(page, config.stationUrl).href : page;
  };
  const events = new WebhookEvents(repo, songUrl, log);
  // One event at a time, in order: a show's end is told before the next show's start.
  let chain: Promise<void> = Promise.resolve();
  const handle = async (event: BusEvent) => {
    // Only the sender queues; a show change is followed everywhere (which show is open is
    // compared with the last one seen, and any node may be the sender next).
    if (event.type !== 'show.changed' && !isSender()) return;
    const messages = await events.messages(event);
    if (!isSender()) return;
    for (const message of messages) await service.publish(message);
  };
  let unsubscribe = () => undefined as void;
  return {
    service,
    sender,
    routes: webhooksRoutes({ webhooks: service, guards: ctx.guards }),
    async start(): Promise<void> {
      await events.prime().catch((err: unknown) => log.warn({ err }, 'webhooks: show not read'));
      unsubscribe = bus.subscribe((event) => {
        // A new delivery, or a playout going on air here with the last one's retries waiting.
        if (event.type === 'webhook.queued' || event.type === 'track.started') sender.wake();
        if (!['track.started', 'feed.added', 'show.changed'].includes(event.type)) return;
        chain = chain
          .then(() => handle(event))
          .catch((err: unknown) =>
            log.warn({ err, event: event.type }, 'webhook event not queued'),
          );
      });
      sender.start();
    },
    async stop(): Promise<void> {
      unsubscribe();
      sender.stop();
      await chain;
    },
  };
}
