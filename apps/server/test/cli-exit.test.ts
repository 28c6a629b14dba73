import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.js';

// The command-line tools as an operator runs them: a separate process, standard input closed
// (a script, cron, CI). Every refusal ends the process promptly with a message and a non-zero
// code; none waits for input that cannot come.

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Far longer than a refusal takes; a hang shows up as this. */
const LIMIT_MS = 15_000;

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/cli/main.ts', ...args],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        DATA_DIR: db.dataDir,
        DATABASE_URL: db.databaseUrl ?? '',
        LOG_LEVEL: 'error',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`still running after ${LIMIT_MS} ms: ${args.join(' ')}\n${stdout}${stderr}`),
      );
    }, LIMIT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

describe('command-line tools exit promptly and non-zero on every error', () => {
  it('creates an account, then refuses the same name', async () => {
    const ok = await cli(['user-create', '--username', 'cli_admin', '--password', 'pw-123456']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/^Created user 'cli_admin' \(id \d+\)\.$/m);
    const again = await cli(['user-create', '--username', 'cli_admin', '--password', 'pw-123456']);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/taken|exists/i);
  }, 40_000);

  it.each([
    [['user-create', '--username', 'nopassword'], 'No answer: standard input ended.'],
    [['user-create', '--username'], '--username needs a value.'],
    [['user-create', '--role', 'admin'], 'usage: npm run user:create'],
    [
      ['user-create', '--username', 'someone', '--password', 'pw-123456', '--role', 'boss'],
      '--role must be one of',
    ],
    [['user-role', '--username', 'nobody_here', '--role', 'admin'], 'User not found.'],
    [['user-role', '--username', 'cli_admin', '--role'], '--role needs a value.'],
    [['import', '/no/such/folder'], 'Not a folder: /no/such/folder'],
    [['no-such-command'], 'Commands:'],
  ])(
    '%j',
    async (args, message) => {
      const out = await cli(args);
      expect(out.code, out.stdout + out.stderr).toBe(2);
      expect(out.stderr).toContain(message);
    },
    40_000,
  );

  it('the server without ffmpeg stops at once, saying what to install', async () => {
    const started = Date.now();
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'src/main.ts'],
      {
        cwd: serverDir,
        env: {
          ...process.env,
          DATA_DIR: db.dataDir,
          DATABASE_URL: db.databaseUrl ?? '',
          FFMPEG_PATH: '/nowhere/ffmpeg',
          PORT: '0',
          LOG_LEVEL: 'error',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Queuecast cannot start: FFMPEG_PATH: no program at /nowhere/ffmpeg');
    expect(stderr).toContain('apt-get install ffmpeg');
    expect(stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
    expect(Date.now() - started).toBeLessThan(LIMIT_MS);
  }, 40_000);

  it('a bad setting stops it with exit code 1 and names the variable', async () => {
    const out = await cli(['user-create', '--username', 'x', '--password', 'y'], {
      PORT: 'not-a-port',
    });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('PORT');
  }, 40_000);
});
