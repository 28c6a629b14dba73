import type {
  BlockResult,
  Conversation,
  MarkReadResult,
  PrivateMessage,
  UserRef,
} from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { badRequest, HttpError, notFound } from '../../lib/http-error.js';
import { utcMinute } from '../../lib/text.js';
import type { UserRepo } from '../users/user.repo.js';
import type { ContactsRepo } from './contacts.repo.js';
import type { MessageRepo } from './message.repo.js';

/** Conversations the inbox lists, most recent first. */
export const CONVERSATIONS_SHOWN = 200;

interface Caller {
  id: number;
  username: string;
}

/**
 * Private messages: each is visible to its two parties only, whatever the caller's role.
 * Sending checks the recipient, mutes, blocks and the rate; every change reaches the parties'
 * open pages through their rooms.
 */
export class MessagesService {
  constructor(
    private readonly db: Db,
    private readonly messages: MessageRepo,
    private readonly contacts: ContactsRepo,
    private readonly users: Pick<UserRepo, 'findById' | 'mutedUntil'>,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  async send(from: Caller, toId: number, text: string): Promise<PrivateMessage> {
    if (toId === from.id) throw badRequest('You cannot send a message to yourself.');
    const now = this.clock.now();
    const [recipient, mutedUntil, blocked] = await Promise.all([
      this.users.findById(toId),
      this.users.mutedUntil(from.id),
      this.contacts.isBlocked(toId, from.id),
    ]);
    if (!recipient) throw notFound('That user does not exist.');
    if (mutedUntil !== null && mutedUntil > now) {
      throw new HttpError(403, `You are muted until ${utcMinute(mutedUntil)}.`, {
        muted_until: mutedUntil,
      });
    }
    if (blocked)
      throw new HttpError(403, `${recipient.username} does not accept messages from you.`);
    const { id, unread } = await this.db.transaction().execute(async (trx) => {
      const id = await this.messages.insert(
        { from_id: from.id, to_id: toId, message: text, sent_at: now },
        trx,
      );
      return { id, unread: await this.messages.countUnread(toId, trx) };
    });
    const message: PrivateMessage = {
      id,
      from_uid: from.id,
      to_uid: toId,
      from_username: from.username,
      message: text,
      sent_timestamp: now,
      read_timestamp: null,
    };
    this.bus.publish({ type: 'message.sent', message, unread_count: unread });
    return message;
  }

  conversations(userId: number): Promise<Conversation[]> {
    return this.messages.conversations(userId, CONVERSATIONS_SHOWN);
  }

  /** The thread with one partner, oldest first; a page of the latest `limit` before `fromId`. */
  async thread(
    userId: number,
    partnerId: number,
    limit: number,
    fromId?: number,
  ): Promise<PrivateMessage[]> {
    const newestFirst = await this.messages.thread(userId, partnerId, limit, fromId);
    return newestFirst.reverse();
  }

  async markRead(userId: number, ids: readonly number[]): Promise<MarkReadResult> {
    const now = this.clock.now();
    const { read, unread } = await this.db.transaction().execute(async (trx) => {
      const read = await this.messages.markRead(userId, [...new Set(ids)], now, trx);
      return { read, unread: await this.messages.countUnread(userId, trx) };
    });
    if (read.length > 0) {
      const bySender = new Map<number, number[]>();
      for (const { id, from_id } of read)
        bySender.set(from_id, [...(bySender.get(from_id) ?? []), id]);
      this.bus.publish({
        type: 'messages.read',
        reader_id: userId,
        read_at: now,
        unread_count: unread,
        by_sender: [...bySender].map(([from_uid, ids]) => ({ from_uid, ids })),
      });
    }
    return { success: true, updated: read.length, unreadCount: unread };
  }

  unreadCount(userId: number): Promise<number> {
    return this.messages.countUnread(userId);
  }

  searchUsers(callerId: number, term: string, limit: number): Promise<UserRef[]> {
    return this.contacts.search(callerId, term, limit);
  }

  blocked(userId: number): Promise<UserRef[]> {
    return this.contacts.blocked(userId);
  }

  async setBlocked(userId: number, otherId: number, blocked: boolean): Promise<BlockResult> {
    if (otherId === userId) throw badRequest('You cannot block yourself.');
    if (!(await this.users.findById(otherId))) throw notFound('That user does not exist.');
    if (blocked) await this.contacts.block(userId, otherId, this.clock.now());
    else await this.contacts.unblock(userId, otherId);
    return { user_id: otherId, blocked };
  }
}
