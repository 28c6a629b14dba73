import type { FastifyBaseLogger } from 'fastify';
import { deliveryHeaders } from './webhook-body.js';
import { postWebhook, type PostAnswer } from './webhook-post.js';
import type { TargetPolicy } from './webhook-target.js';
import type { WebhooksRepo } from './webhooks.repo.js';

/** The waits before the second, third… try (ms): six tries over about two and a half hours. */
export const RETRY_BACKOFF_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
/** A receiver has this long to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Due deliveries read at once (the oldest of each webhook is sent). */
const DUE_READ = 200;
/** Finished deliveries are kept this long (the log shows the latest of each webhook). */
const KEEP_SECONDS = 30 * 86_400;

export interface SenderOptions {
  /** Whether this process sends now: the playout on air does, so each event goes out once. */
  isSender: () => boolean;
  policy: TargetPolicy;
  log: FastifyBaseLogger;
  timeoutMs?: number;
  backoffMs?: number[];
  /** The least wait between two looks at the queue, and the wait after a look that failed. */
  pollMs?: number;
  /**
   * The longest, with nothing pending: a queued delivery wakes the sender (on every node, over
   * the bus), so this only backs up a wake that never came (a bus that was away).
   */
  idleMs?: number;
  post?: typeof postWebhook;
  now?: () => number;
}

/**
 * Sends the queued deliveries, off the event path: the events only write rows, and this loop
 * (woken when one is queued, then when the next retry falls due, and at the latest after
 * `idleMs`) posts the due ones, each with a timeout: one at a time per webhook, in order, and
 * the webhooks side by side, so a slow receiver delays only its own.
 * A 2xx delivers; anything else is tried again after the backoff, then given up and logged.
 * Should the playout move to another node mid-try, that try may be sent again from there: a
 * receiver tells repeats by `X-Queuecast-Delivery`.
 */
export class WebhookSender {
  /** The webhooks with a try under way: one each, so that a hanging receiver holds only its own. */
  private readonly inFlight = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private polling = false;
  private again = false;
  private stopped = false;
  private lastPrune = 0;
  private readonly o: Required<Omit<SenderOptions, 'log' | 'policy' | 'isSender'>> & SenderOptions;

  constructor(
    private readonly repo: WebhooksRepo,
    options: SenderOptions,
  ) {
    this.o = {
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      backoffMs: RETRY_BACKOFF_MS,
      pollMs: 1000,
      idleMs: 60_000,
      post: postWebhook,
      now: Date.now,
      ...options,
    };
  }

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Looks for due deliveries now (after an event was queued). */
  wake(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.polling) {
      this.again = true;
      return;
    }
    this.polling = true;
    void this.poll()
      .catch((err: unknown) => {
        this.o.log.warn({ err }, 'webhook deliveries could not be read');
        // The database is away: look again soon, so nothing waits long once it is back.
        return Math.ceil((this.o.now() + 5 * this.o.pollMs) / 1000);
      })
      .then((nextDue) => {
        this.polling = false;
        if (this.again) {
          this.again = false;
          return this.wake();
        }
        this.sleep(nextDue);
      });
  }

  /** Waits until `nextDue` (epoch seconds), at least `pollMs` and at most `idleMs`. */
  private sleep(nextDue: number | null): void {
    if (this.stopped) return;
    const until = nextDue === null ? this.o.idleMs : nextDue * 1000 - this.o.now();
    const wait = Math.min(this.o.idleMs, Math.max(this.o.pollMs, until));
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref();
  }

  /** Stops taking deliveries; those in flight finish (each within its timeout). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Webhooks with a try under way. */
  get busy(): number {
    return this.inFlight.size;
  }

  /** Sends what is due; answers when the next pending delivery falls due. */
  private async poll(): Promise<number | null> {
    if (!this.o.isSender()) return null;
    const seconds = Math.floor(this.o.now() / 1000);
    if (seconds - this.lastPrune > 3600) {
      this.lastPrune = seconds;
      await this.repo.prune(seconds - KEEP_SECONDS);
    }
    const due = await this.repo.due(seconds, DUE_READ, [...this.inFlight]);
    for (const delivery of due) {
      if (this.inFlight.has(delivery.webhook_id)) continue; // its oldest is on its way
      this.inFlight.add(delivery.webhook_id);
      void this.send(delivery).finally(() => {
        this.inFlight.delete(delivery.webhook_id);
        this.wake();
      });
    }
    return this.repo.nextDue();
  }

  private async send(d: Awaited<ReturnType<WebhooksRepo['due']>>[number]): Promise<void> {
    const timestamp = Math.floor(this.o.now() / 1000);
    const headers = deliveryHeaders(d.secret, d.event, d.delivery, d.body, timestamp);
    let answer: PostAnswer | null = null;
    let error: string | null = null;
    const started = performance.now();
    try {
      answer = await this.o.post(d.url, headers, d.body, this.o.policy, this.o.timeoutMs);
      if (answer.status < 200 || answer.status > 299) error = `Answered ${answer.status}`;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const attempts = d.attempts + 1;
    const wait = this.o.backoffMs[attempts - 1];
    const now = Math.floor(this.o.now() / 1000);
    const state = error === null ? 'delivered' : wait === undefined ? 'failed' : 'pending';
    if (state === 'failed') {
      this.o.log.warn({ delivery: d.delivery, url: d.url, error }, 'webhook delivery given up');
    }
    try {
      await this.repo.tried(d.id, {
        state,
        status: answer?.status ?? null,
        response_ms: answer?.ms ?? Math.round(performance.now() - started),
        error,
        tried_at: now,
        next_at: state === 'pending' ? now + Math.ceil(wait! / 1000) : null,
      });
    } catch (err) {
      // The database is away: the delivery stays due and is tried again when it is back.
      this.o.log.warn({ err, delivery: d.delivery }, 'webhook delivery outcome not stored');
    }
  }
}
