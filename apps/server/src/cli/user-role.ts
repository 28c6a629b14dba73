import { ROLES } from '@queuecast/contract';
import type { App } from '../app.js';
import { HttpError } from '../lib/http-error.js';
import { parseArgs } from './args.js';

export const USER_ROLE_USAGE = `usage: npm run user:role -- --username NAME --role ${ROLES.join('|')}`;

/** Changes a user's role from the command line; the audit log records it with no actor. */
export async function userRole(app: App, argv: string[]): Promise<string> {
  const { flags } = parseArgs(argv);
  const username = flags.get('username');
  const role = flags.get('role');
  if (!username || username === 'true' || !role || role === 'true') {
    throw new HttpError(400, USER_ROLE_USAGE);
  }
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new HttpError(400, `--role must be one of: ${ROLES.join(', ')}`);
  }
  const { user, from } = await app.ctx.services.usersAdmin.setRole(null, { username }, role);
  const article = /^[aeiou]/.test(user.role) ? 'an' : 'a';
  return from === user.role
    ? `${user.username} is already ${article} ${user.role}.`
    : `${user.username} is now ${article} ${user.role}.`;
}
