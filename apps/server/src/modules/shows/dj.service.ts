import crypto from 'node:crypto';
import { LIVE_MOUNT, type DjStatus, type StreamKey } from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import type { AuditLogRepo } from '../users/audit-log.repo.js';
import type { DjRepo } from './dj.repo.js';

/** What a source client's credentials are worth. */
export type SourceVerdict =
  | { ok: true; dj: { id: number; username: string } }
  | { ok: false; status: 401 | 403; message: string };

/** Where DJs connect, when the station says (LIVE_PUBLIC_ADDRESS); null: the site's own. */
export interface PublicAddress {
  host: string;
  port: number;
}

/** 24 random bytes: 32 URL-safe characters, beyond guessing, fine in icecast://user:key@host. */
export function newStreamKey(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/** Compared in constant time, so the answer's timing tells nothing of the key. */
function sameKey(given: string, stored: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(stored, 'utf8');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

const NOT_A_DJ = 'This account may not go on air; ask an admin for the DJ permission.';

/**
 * DJs: admins grant and revoke the permission (audited, like a role change), a DJ reads and
 * replaces their stream key, and a source client's username and key are checked. A key is a
 * password: it is never logged, and a DJ's key changes only when they ask (or lose the
 * permission, which drops it).
 */
export class DjService {
  constructor(
    private readonly deps: {
      db: Db;
      djs: DjRepo;
      audit: AuditLogRepo;
      bus: EventBus;
      clock: Clock;
      publicAddress: PublicAddress | null;
      /** Whether one of the DJ's scheduled shows lets them on air at `now`. */
      inTheirShow?: (djId: number, now: number) => Promise<boolean>;
    },
  ) {}

  /**
   * Grants or revokes the DJ permission. Granting gives a fresh stream key and lifts any ban
   * (how an admin lets a kicked DJ back early); revoking drops the key and ends their show if
   * they are on air. Setting what a DJ already has, with no ban to lift, changes and logs
   * nothing. `anytime` (admins' choice) lets the DJ on air outside their scheduled shows;
   * left out, it stays as it was.
   */
  async setDj(
    actor: { id: number },
    userId: number,
    dj: boolean,
    anytime?: boolean,
  ): Promise<DjStatus> {
    const { db, djs, audit, clock } = this.deps;
    const now = clock.now();
    const result = await db.transaction().execute(async (trx) => {
      const account = await djs.byId(userId, trx);
      if (!account) throw notFound('User not found.');
      const banned = account.bannedUntil !== null && account.bannedUntil > now;
      const wantAnytime = dj && (anytime ?? account.anytime);
      if (account.dj === dj && account.anytime === wantAnytime && !(dj && banned)) {
        return { account, changed: false, anytime: wantAnytime };
      }
      const key = dj
        ? account.dj && account.streamKey
          ? account.streamKey
          : newStreamKey()
        : null;
      await djs.setDj(account.id, dj, key, wantAnytime, trx);
      const detail = {
        from: account.dj,
        to: dj,
        ...(account.anytime !== wantAnytime ? { anytime: wantAnytime } : {}),
        ...(banned ? { ban_lifted: true } : {}),
      };
      await audit.log(
        { actor_id: actor.id, action: 'user.dj', target_user_id: account.id, detail },
        now,
        trx,
      );
      return { account, changed: true, anytime: wantAnytime };
    });
    if (result.changed && !dj && result.account.dj) {
      this.deps.bus.publish({ type: 'show.ended', dj_id: userId, reason: 'revoked' });
    }
    return {
      id: result.account.id,
      username: result.account.username,
      dj,
      anytime: result.anytime,
    };
  }

  /** The DJ's key and where to connect; a DJ without one (granted before keys) gets one. */
  async streamKey(user: { id: number }): Promise<StreamKey> {
    const account = await this.deps.djs.byId(user.id);
    if (!account?.dj) throw forbidden(NOT_A_DJ);
    let key = account.streamKey;
    if (!key) {
      key = newStreamKey();
      await this.deps.djs.setStreamKey(account.id, key);
    }
    return this.answer(account.username, key);
  }

  /** Replaces the DJ's key: the old one stops working for new connections at once. */
  async replaceStreamKey(user: { id: number }): Promise<StreamKey> {
    const account = await this.deps.djs.byId(user.id);
    if (!account?.dj) throw forbidden(NOT_A_DJ);
    const key = newStreamKey();
    await this.deps.djs.setStreamKey(account.id, key);
    return this.answer(account.username, key);
  }

  /**
   * A source client's username and stream key (HTTP Basic): 401 for an unknown name or a wrong
   * key, 403 for an account without the permission (usernames are public; their pages say
   * so) and for a DJ kicked until their ban ends.
   */
  async authorizeSource(username: string, key: string): Promise<SourceVerdict> {
    const account = username ? await this.deps.djs.byUsername(username) : undefined;
    if (!account) return { ok: false, status: 401, message: 'Wrong username or stream key.' };
    if (!account.dj) return { ok: false, status: 403, message: NOT_A_DJ };
    if (!account.streamKey || !sameKey(key, account.streamKey)) {
      return { ok: false, status: 401, message: 'Wrong username or stream key.' };
    }
    const now = this.deps.clock.now();
    if (account.bannedUntil !== null && account.bannedUntil > now) {
      const minutes = Math.ceil((account.bannedUntil - now) / 60);
      return {
        ok: false,
        status: 403,
        message: `You were taken off the air; you may connect again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      };
    }
    if (
      !account.anytime &&
      this.deps.inTheirShow &&
      !(await this.deps.inTheirShow(account.id, now))
    ) {
      return {
        ok: false,
        status: 403,
        message:
          'Your show is not on now: you may connect from 15 minutes before it starts until it ends.',
      };
    }
    return { ok: true, dj: { id: account.id, username: account.username } };
  }

  private answer(username: string, key: string): StreamKey {
    const where = this.deps.publicAddress;
    return {
      key,
      username,
      mount: LIVE_MOUNT,
      host: where?.host ?? null,
      port: where?.port ?? null,
    };
  }
}
