import { ROLES, RoleSchema, type AdminUser, type Role, type User } from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { AuditLogRepo } from './audit-log.repo.js';
import type { UserRepo } from './user.repo.js';

/** Who changes a role: an admin on the API, or null for the command line. */
type Actor = { id: number } | null;

/**
 * What admins do to accounts: list them, change their roles, end their sessions. A change and
 * its audit entry are written in one transaction. A role change, like a log-out everywhere,
 * also ends the user's sessions (their tokens stop working, their live sockets are told on
 * every node), so that no page goes on with the powers or the menus of the old role; the user
 * logs in again with the new one.
 */
export class UsersAdminService {
  constructor(
    private readonly db: Db,
    private readonly users: UserRepo,
    private readonly audit: AuditLogRepo,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {}

  async list(query: { search?: string | undefined; limit: number; from_id?: number | undefined }) {
    const rows = await this.users.listForAdmin({
      search: query.search,
      limit: query.limit,
      beforeId: query.from_id,
    });
    return rows.map((r): AdminUser => ({
      id: r.id,
      username: r.username,
      role: RoleSchema.catch('user').parse(r.role),
      created_at: Number(r.created_at),
      last_seen_at: r.last_seen_at === null ? null : Number(r.last_seen_at),
      dj: Number(r.dj) === 1,
      anytime: Number(r.live_anytime) === 1,
    }));
  }

  /**
   * Sets the role of the user with that id (the API) or that name (the command line). An admin
   * cannot change their own role, so the station never loses its last admin by accident.
   * Setting the role a user already has changes nothing and logs nothing.
   */
  async setRole(
    actor: Actor,
    target: { id: number } | { username: string },
    role: string,
  ): Promise<{ user: User; from: Role }> {
    const parsed = RoleSchema.safeParse(role);
    if (!parsed.success) throw badRequest(`role must be one of: ${ROLES.join(', ')}.`);
    const to = parsed.data;
    const changed = await this.db.transaction().execute(async (trx) => {
      const row =
        'id' in target
          ? await this.users.findById(target.id, trx)
          : await this.users.findByUsername(target.username, trx);
      if (!row) throw notFound('User not found.');
      if (actor && actor.id === row.id && to !== row.role) {
        throw badRequest('You cannot change your own role; ask another admin.');
      }
      const from = RoleSchema.catch('user').parse(row.role);
      let tokenVersion: number | null = null;
      if (from !== to) {
        await this.users.setRole(row.id, to, trx);
        const revoked = await this.users.revokeTokens(row.id, undefined, trx);
        tokenVersion = revoked?.token_version ?? null;
        const detail = actor ? { from, to } : { from, to, via: 'cli' };
        await this.audit.log(
          { actor_id: actor?.id ?? null, action: 'user.role', target_user_id: row.id, detail },
          this.clock.now(),
          trx,
        );
      }
      return { user: { id: row.id, username: row.username, role: to }, from, tokenVersion };
    });
    // After the commit: a node that hears of it reads the new version.
    if (changed.tokenVersion !== null) this.revoked(changed.user.id, changed.tokenVersion);
    return { user: changed.user, from: changed.from };
  }

  /**
   * Ends every session of the user (admins, on the API): their tokens stop working and their
   * open pages are told; written to the audit log. Not for one's own account, which has its
   * own "log out everywhere else" that keeps the current session.
   */
  async logoutEverywhere(actor: { id: number }, userId: number): Promise<void> {
    if (actor.id === userId) {
      throw badRequest(
        'To end your own other sessions, use Log out everywhere else on your profile.',
      );
    }
    const tokenVersion = await this.db.transaction().execute(async (trx) => {
      const row = await this.users.revokeTokens(userId, undefined, trx);
      if (!row) throw notFound('User not found.');
      await this.audit.log(
        { actor_id: actor.id, action: 'user.logout', target_user_id: row.id, detail: {} },
        this.clock.now(),
        trx,
      );
      return row.token_version;
    });
    this.revoked(userId, tokenVersion);
  }

  private revoked(userId: number, tokenVersion: number): void {
    this.bus.publish({ type: 'sessions.revoked', user_id: userId, token_version: tokenVersion });
  }
}
