import { RoleSchema, type User } from '@queuecast/contract';
import type { UserRow } from './user.repo.js';

/** The public view of an account; an unknown stored role reads as a plain user. */
export function toUser(row: UserRow): User {
  return { id: row.id, username: row.username, role: RoleSchema.catch('user').parse(row.role) };
}
