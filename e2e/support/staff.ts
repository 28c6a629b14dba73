import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { E2E_SECRET } from '../playwright.config';
import { apiLogin, uniqueName, type ApiUser } from './api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/**
 * Creates a staff account the way an operator does, with the station's own CLI
 * (`npm run user:create -- --role moderator`) on the running station's data folder, then logs
 * it in through the API, so the token carries the role. Needs the server built (`npm run build`).
 */
export async function cliCreateUser(
  request: APIRequestContext,
  role: 'helper' | 'moderator' | 'admin',
): Promise<ApiUser> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const username = uniqueName(role.slice(0, 3));
  const password = 'staff-pass';
  const cli = path.join(root, 'apps/server/dist/cli.js');
  const args = ['user-create', '--username', username, '--role', role, '--password', password];
  const { stdout } = await run(process.execPath, [cli, ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      JWT_SECRET: E2E_SECRET,
      DEMO_LIBRARY: '0',
      LOG_LEVEL: 'error',
    },
  });
  const id = Number(/\(id (\d+)\)/.exec(stdout)?.[1]);
  if (!Number.isInteger(id)) throw new Error(`user-create said: ${stdout}`);
  const token = await apiLogin(request, username, password);
  return { id, username, password, token };
}

/**
 * `npm run backup -- --out <out>` on the running station's data, as an operator runs it;
 * answers what it printed, or its error output when it was refused.
 */
export async function cliBackup(out: string): Promise<{ ok: boolean; said: string }> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const cli = path.join(root, 'apps/server/dist/cli.js');
  try {
    const { stdout } = await run(process.execPath, [cli, 'backup', '--out', out], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, JWT_SECRET: E2E_SECRET, LOG_LEVEL: 'error' },
    });
    return { ok: true, said: stdout };
  } catch (err) {
    return { ok: false, said: String((err as { stderr?: string }).stderr ?? err) };
  }
}
