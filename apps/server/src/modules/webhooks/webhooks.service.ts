import {
  MAX_WEBHOOKS,
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookDeliveries,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookFormat,
  type WebhookInputSchema,
} from '@queuecast/contract';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import { newDeliveryId, newSecret, renderBody, type WebhookMessage } from './webhook-body.js';
import { targetRefusal, type Resolve, type TargetPolicy } from './webhook-target.js';
import type { DeliveryRow, WebhookRow, WebhooksRepo } from './webhooks.repo.js';

type WebhookInput = z.output<typeof WebhookInputSchema>;

function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    format: row.format as WebhookFormat,
    events: row.events
      .split(',')
      .filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e)),
    enabled: row.enabled === 1,
    secret: row.secret,
    created_at: Number(row.created_at),
  };
}

const seconds = (v: number | null) => (v === null ? null : Number(v));

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.delivery,
    event: row.event,
    state: row.state as WebhookDelivery['state'],
    attempts: row.attempts,
    status: row.status,
    response_ms: row.response_ms,
    error: row.error,
    created_at: Number(row.created_at),
    tried_at: seconds(row.tried_at),
    next_at: seconds(row.next_at),
  };
}

/**
 * The admins' webhooks: registered only for targets the policy allows (never the station
 * itself), at most 20; and the queue of deliveries the sender works through.
 */
export class WebhooksService {
  constructor(
    private readonly deps: {
      repo: WebhooksRepo;
      policy: TargetPolicy;
      station: () => string;
      /** Told when deliveries were queued. */
      queued: () => void;
      resolve?: Resolve;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return Math.floor((this.deps.now ?? Date.now)() / 1000);
  }

  async list(): Promise<{ webhooks: Webhook[] }> {
    return { webhooks: (await this.deps.repo.all()).map(toWebhook) };
  }

  /** `ownHost`: the host (and port) the admin reached the station by, itself refused. */
  private async check(url: string, ownHost: string | undefined): Promise<void> {
    let host: string | undefined;
    try {
      host = new URL(url).host.toLowerCase();
    } catch {
      // the refusal below says why
    }
    if (host && ownHost && host === ownHost.toLowerCase()) {
      throw badRequest('The URL points at this station itself');
    }
    const refusal = await targetRefusal(url, this.deps.policy, this.deps.resolve);
    if (refusal) throw badRequest(refusal);
  }

  async create(input: WebhookInput, ownHost: string | undefined): Promise<Webhook> {
    await this.check(input.url, ownHost);
    if ((await this.deps.repo.count()) >= MAX_WEBHOOKS) {
      throw conflict(`A station may have at most ${MAX_WEBHOOKS} webhooks`);
    }
    const row = {
      url: input.url,
      format: input.format,
      events: input.events.join(','),
      secret: newSecret(),
      enabled: input.enabled ? 1 : 0,
      created_at: this.now(),
    };
    const id = await this.deps.repo.create(row);
    return toWebhook({ id, ...row });
  }

  async update(id: number, input: WebhookInput, ownHost: string | undefined): Promise<Webhook> {
    await this.check(input.url, ownHost);
    const changed = await this.deps.repo.update(id, {
      url: input.url,
      format: input.format,
      events: input.events.join(','),
      enabled: input.enabled ? 1 : 0,
    });
    const row = changed ? await this.deps.repo.find(id) : undefined;
    if (!row) throw notFound('That webhook does not exist.');
    return toWebhook(row);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.deps.repo.remove(id))) throw notFound('That webhook does not exist.');
  }

  async deliveries(id: number): Promise<WebhookDeliveries> {
    if (!(await this.deps.repo.find(id))) throw notFound('That webhook does not exist.');
    const rows = await this.deps.repo.deliveries(id, WEBHOOK_DELIVERIES_SHOWN);
    return { deliveries: rows.map(toDelivery) };
  }

  /**
   * Queues a `webhook.test` delivery to one webhook, enabled or not, and answers it as queued:
   * read back before the sender is woken, which may otherwise have tried it already.
   */
  async test(id: number): Promise<WebhookDelivery> {
    const row = await this.deps.repo.find(id);
    if (!row) throw notFound('That webhook does not exist.');
    const [delivery] = await this.queue(
      [row],
      {
        event: 'webhook.test',
        data: { message: 'A test from the station' },
        text: `A test from ${this.deps.station()}: this webhook works`,
      },
      false,
    );
    const stored = await this.deps.repo.delivery(delivery!);
    this.deps.queued();
    return toDelivery(stored!);
  }

  /** Queues `message` for every enabled webhook told of its event. */
  async publish(message: WebhookMessage): Promise<void> {
    await this.queue(await this.deps.repo.listening(message.event), message);
  }

  /** Writes the deliveries; `wake`: tells the sender at once. */
  private async queue(
    hooks: WebhookRow[],
    message: WebhookMessage,
    wake = true,
  ): Promise<string[]> {
    const at = this.now();
    const deliveries = hooks.map((hook) => {
      const delivery = newDeliveryId();
      return {
        webhook_id: hook.id,
        delivery,
        event: message.event,
        body: renderBody(hook.format as WebhookFormat, message, delivery, this.deps.station(), at),
        state: 'pending',
        attempts: 0,
        created_at: at,
        next_at: at,
      };
    });
    await this.deps.repo.enqueue(deliveries);
    if (wake && deliveries.length) this.deps.queued();
    return deliveries.map((d) => d.delivery);
  }
}
