import { ROLES, RoleSchema, type AdminUser, type Role, type User } from '@queuecast/contract';
import type { Clock } from '../../core/clock.js';
import type { Db } from '../../db/database.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { AuditLogRepo } from './audit-log.repo.js';
import type { UserRepo } from './user.repo.js';

/** Who changes a role: an admin on the API, or null for the command line. */
type Actor = { id: number } | null;

/**
 * What admins do to accounts: list them and change their roles. A role change and its audit
 * entry are written in one transaction; the guards read the role from the database on every
 * call, so it takes effect at once, with the tokens already issued.
 */
export class UsersAdminService {
  constructor(
    private readonly db: Db,
    private readonly users: UserRepo,
    private readonly audit: AuditLogRepo,
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
    return this.db.transaction().execute(async (trx) => {
      const row =
        'id' in target
          ? await this.users.findById(target.id, trx)
          : await this.users.findByUsername(target.username, trx);
      if (!row) throw notFound('User not found.');
      if (actor && actor.id === row.id && to !== row.role) {
        throw badRequest('You cannot change your own role; ask another admin.');
      }
      const from = RoleSchema.catch('user').parse(row.role);
      if (from !== to) {
        await this.users.setRole(row.id, to, trx);
        const detail = actor ? { from, to } : { from, to, via: 'cli' };
        await this.audit.log(
          { actor_id: actor?.id ?? null, action: 'user.role', target_user_id: row.id, detail },
          this.clock.now(),
          trx,
        );
      }
      return { user: { id: row.id, username: row.username, role: to }, from };
    });
  }
}
