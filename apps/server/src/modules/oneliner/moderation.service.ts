import {
  RoleSchema,
  type ChatSettings,
  type ModerationEntry,
  type MuteResult,
  type Role,
} from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import type { AuditLogRepo } from '../users/audit-log.repo.js';
import type { UserRepo } from '../users/user.repo.js';
import type { ModerationRepo } from './moderation.repo.js';
import { muteRefusal } from './mute-rules.js';

interface Actor {
  id: number;
}

/**
 * What staff do to the chat: remove a message, mute a listener, set slow mode and the word
 * filter. Each action and its log entry are written in one transaction, so the log misses
 * nothing that happened; admins read the log.
 */
export class ModerationService {
  constructor(
    private readonly db: Db,
    private readonly repo: ModerationRepo,
    private readonly audit: AuditLogRepo,
    private readonly users: Pick<UserRepo, 'findById' | 'setMutedUntil'>,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  async deleteMessage(actor: Actor, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const message = await this.repo.message(id, trx);
      if (!message) throw notFound('That message does not exist (any more).');
      await this.repo.deleteMessage(id, trx);
      const detail = { message_id: id, author: message.username, message: message.message };
      await this.audit.log(
        { actor_id: actor.id, action: 'oneliner.delete', target_user_id: message.user_id, detail },
        this.clock.now(),
        trx,
      );
    });
    this.bus.publish({ type: 'oneliner.deleted', id });
  }

  /**
   * Mutes the user for `minutes` from now; 0 lifts a mute. A mute silences them in the chat,
   * in song comments and in private messages. Staff mute only the roles below their own
   * (admins anyone but admins), never themselves (mute-rules.ts).
   */
  async mute(actor: Actor & { role: Role }, userId: number, minutes: number): Promise<MuteResult> {
    const now = this.clock.now();
    const until = minutes > 0 ? now + minutes * 60 : null;
    await this.db.transaction().execute(async (trx) => {
      const target = await this.users.findById(userId, trx);
      if (!target) throw notFound('User not found.');
      const role = RoleSchema.catch('user').parse(target.role);
      const refusal = muteRefusal(actor, { id: target.id, role }, minutes === 0);
      if (refusal) throw forbidden(refusal);
      await this.users.setMutedUntil(userId, until, trx);
      await this.audit.log(
        {
          actor_id: actor.id,
          action: minutes > 0 ? 'user.mute' : 'user.unmute',
          target_user_id: userId,
          detail: { minutes, muted_until: until },
        },
        now,
        trx,
      );
    });
    this.bus.publish({ type: 'user.muted', user_id: userId, muted_until: until });
    return { user_id: userId, muted_until: until };
  }

  chatSettings(): Promise<ChatSettings> {
    return this.repo.chatSettings();
  }

  async setChatSettings(actor: Actor, settings: ChatSettings): Promise<ChatSettings> {
    const clean: ChatSettings = {
      slow_mode_seconds: settings.slow_mode_seconds,
      word_filter: [...new Set(settings.word_filter.map((w) => w.toLowerCase()))],
    };
    await this.db.transaction().execute(async (trx) => {
      await this.repo.saveChatSettings(clean, trx);
      await this.audit.log(
        { actor_id: actor.id, action: 'chat.settings', target_user_id: null, detail: clean },
        this.clock.now(),
        trx,
      );
    });
    return clean;
  }

  async log(limit: number, fromId?: number): Promise<ModerationEntry[]> {
    const rows = await this.audit.entries(limit, fromId);
    return rows.map((r) => ({
      id: r.id,
      actor: r.actor,
      action: r.action,
      target: r.target,
      detail: JSON.parse(r.detail) as Record<string, unknown>,
      created_at: Number(r.created_at),
    }));
  }
}
