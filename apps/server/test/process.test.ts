import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let testDb: TestDatabase;
let port = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  port = 20_000 + Math.floor(Math.random() * 20_000);
});
afterAll(() => testDb.drop());

/** The real server process (main.ts through tsx), as `npm start` runs it. */
async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: testDb.dataDir,
      DATABASE_URL: testDb.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(testDb.dataDir, 'no-web'),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not answer within 20 s');
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

const post = (url: string, body: unknown) =>
  fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the server process', () => {
  it('keeps an acknowledged sign-up across kill -9 and shuts down cleanly on SIGTERM', async () => {
    const first = await startServer();
    const signup = await post('/api/auth/signup', { username: 'durable', password: 'pass1234' });
    expect(signup.status).toBe(200);
    const killed = exited(first);
    first.kill('SIGKILL');
    expect((await killed).signal).toBe('SIGKILL');

    const second = await startServer();
    const login = await post('/api/auth/login', { username: 'durable', password: 'pass1234' });
    expect(login.status).toBe(200);
    const stopped = exited(second);
    second.kill('SIGTERM');
    expect(await stopped).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('refuses to start on a bad variable and names it', async () => {
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'src/main.ts'],
      {
        cwd: serverDir,
        env: { ...process.env, PORT: 'not-a-port' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    expect((await exited(child)).code).toBe(1);
    expect(stderr).toContain('PORT: must be a port number (0-65535)');
  }, 30_000);
});
