import { PasswordSchema, RoleSchema, UsernameSchema, type Role } from '@queuecast/contract';
import { hashPassword } from '../../auth/password.js';
import { badRequest } from '../../lib/http-error.js';
import type { UserRepo, UserRow } from '../users/user.repo.js';
import type { AuthService } from './auth.service.js';

/** Account creation outside sign-up: the first admin, the CLI. */
export class UserAdminService {
  constructor(
    private readonly users: UserRepo,
    private readonly auth: AuthService,
  ) {}

  async createUser(input: { username: string; password: string; role: string }): Promise<UserRow> {
    const username = UsernameSchema.safeParse(input.username);
    if (!username.success) throw badRequest(username.error.issues[0]?.message ?? 'Bad username.');
    const password = PasswordSchema.safeParse(input.password);
    if (!password.success) throw badRequest(password.error.issues[0]?.message ?? 'Bad password.');
    const role = RoleSchema.safeParse(input.role);
    if (!role.success) throw badRequest(`Role must be one of: ${RoleSchema.options.join(', ')}.`);
    return this.auth.createAccount({
      username: username.data,
      email: null,
      passwordHash: await hashPassword(password.data),
      role: role.data,
    });
  }

  /** Applied at start-up: creates the admin when that username does not exist yet. */
  async ensureAdmin(admin: { username: string; password: string }): Promise<'created' | 'exists'> {
    const existing = await this.users.findByUsername(admin.username);
    if (existing) return 'exists';
    await this.createUser({ ...admin, role: 'admin' satisfies Role });
    return 'created';
  }
}
