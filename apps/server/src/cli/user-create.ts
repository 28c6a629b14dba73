import { ROLES } from '@queuecast/contract';
import type { App } from '../app.js';
import { HttpError } from '../lib/http-error.js';
import { parseArgs } from './args.js';
import { createPrompter } from './prompt.js';

export const USER_CREATE_USAGE =
  'usage: npm run user:create -- --username NAME [--role user|helper|moderator|admin] [--password PW]';

/** Creates an account from the command line; the password is prompted when not given. */
export async function userCreate(app: App, argv: string[]): Promise<string> {
  const { flags } = parseArgs(argv);
  const username = flags.get('username');
  if (!username) throw new HttpError(400, USER_CREATE_USAGE);
  const role = flags.get('role') ?? 'user';
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new HttpError(400, `--role must be one of: ${ROLES.join(', ')}`);
  }
  let password = flags.get('password');
  if (password === undefined) {
    const prompter = createPrompter();
    try {
      password = await prompter.ask('Password: ');
      const again = await prompter.ask('Repeat password: ');
      if (again !== password) throw new HttpError(400, "Passwords don't match.");
    } finally {
      prompter.close();
    }
  }
  const row = await app.ctx.services.userAdmin.createUser({ username, password, role });
  return `Created ${row.role} '${row.username}' (id ${row.id}).`;
}
