import { isStaff, LIMITS, type OnelinerMessage } from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import { HttpError, tooManyRequests } from '../../lib/http-error.js';
import { secondsText, utcMinute } from '../../lib/text.js';
import type { UserRepo } from '../users/user.repo.js';
import { maskWords } from './chat-rules.js';
import type { ModerationRepo } from './moderation.repo.js';
import type { OnelinerRepo } from './oneliner.repo.js';

/** The public chat: posting and paging back through it. */
export class OnelinerService {
  constructor(
    private readonly repo: OnelinerRepo,
    private readonly moderation: Pick<ModerationRepo, 'chatSettings' | 'lastPostAt'>,
    private readonly users: Pick<UserRepo, 'mutedUntil'>,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  /**
   * Stores the message and tells every open page; `message` is already trimmed and checked.
   * A muted listener is refused (403, with when the mute ends); slow mode (which staff are
   * exempt from, as they may need to speak up) and the burst limit answer 429 with the wait;
   * filtered words are masked.
   */
  async post(
    user: { id: number; username: string; role: string },
    message: string,
  ): Promise<OnelinerMessage> {
    const now = this.clock.now();
    const [mutedUntil, settings, lastPostAt] = await Promise.all([
      this.users.mutedUntil(user.id),
      this.moderation.chatSettings(),
      this.moderation.lastPostAt(user.id),
    ]);
    if (mutedUntil !== null && mutedUntil > now) {
      throw new HttpError(403, `You are muted in the chat until ${utcMinute(mutedUntil)}.`, {
        muted_until: mutedUntil,
      });
    }
    const slow = settings.slow_mode_seconds;
    if (slow > 0 && !isStaff(user.role) && lastPostAt !== null && now - lastPostAt < slow) {
      const wait = slow - (now - lastPostAt);
      throw tooManyRequests(`Slow mode is on. Wait ${secondsText(wait)}.`, wait);
    }
    const text = maskWords(message, settings.word_filter);
    const id = await this.repo.insert({ user_id: user.id, message: text, created_at: now });
    const posted: OnelinerMessage = {
      id,
      author_id: user.id,
      author: user.username,
      message: text,
      timestamp: now,
    };
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
