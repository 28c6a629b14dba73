import { LIMITS, type OnelinerMessage } from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import { tooManyRequests } from '../../lib/http-error.js';
import { RateLimiter } from '../../lib/rate-limiter.js';
import { secondsText } from '../../lib/text.js';
import type { OnelinerRepo } from './oneliner.repo.js';

/** Messages one listener may post in the window: a lively chat, but no flood. */
export const ONELINER_BURST = 5;
export const ONELINER_WINDOW_MS = 10_000;

/** The public chat: posting (limited per listener) and paging back through it. */
export class OnelinerService {
  private readonly limiter = new RateLimiter(ONELINER_BURST, ONELINER_WINDOW_MS);

  constructor(
    private readonly repo: OnelinerRepo,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  /** Stores the message and tells every open page; `message` is already trimmed and checked. */
  async post(user: { id: number; username: string }, message: string): Promise<OnelinerMessage> {
    const wait = this.limiter.take(String(user.id));
    if (wait > 0)
      throw tooManyRequests(`You're chatting too fast. Wait ${secondsText(wait)}.`, wait);
    const timestamp = this.clock.now();
    const id = await this.repo.insert({ user_id: user.id, message, created_at: timestamp });
    const posted: OnelinerMessage = { id, author: user.username, message, timestamp };
    this.bus.publish({ type: 'oneliner.posted', message: posted });
    return posted;
  }

  page(limit: number, fromId?: number): Promise<OnelinerMessage[]> {
    return this.repo.page(limit, fromId);
  }

  /** The latest messages, which every playback update carries for a page that just opened. */
  latest(): Promise<OnelinerMessage[]> {
    return this.repo.page(LIMITS.onelinerPageSize);
  }
}
