import fs from 'node:fs';
import { API } from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli-process.js';
import { connect } from './helpers/live-clients.js';
import { captureMp3, MP3_BYTES_PER_SECOND } from './helpers/mp3-capture.js';
import {
  BUILT_MAIN,
  startServer,
  stopServer,
  type ServerProcess,
} from './helpers/server-process.js';
import { childProcesses } from './helpers/proc.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.js';
import { until } from './helpers/until.js';

/*
 * The station as it ships: the bundle `npm run build` writes to dist/ (npm test builds it
 * first). Its workers are processes of their own started from files beside main.js, and the
 * command-line tool is a bundle too: both must be found and run.
 */

let db: TestDatabase;
let server: ServerProcess;

/** The command lines of `pid`'s children. */
const childCommands = (pid: number) => childProcesses(pid).map((child) => child.args.join(' '));

beforeAll(async () => {
  if (!fs.existsSync(BUILT_MAIN)) throw new Error(`${BUILT_MAIN} is missing: run npm run build`);
  db = await createTestDatabase();
  server = await startServer({
    db,
    built: true,
    // Every MP3 listener and live socket on the worker processes.
    env: { DEMO_LIBRARY: '1', MP3_PROCESSES_FROM: '0', LIVE_FANOUT_FROM: '0' },
  });
}, 60_000);

afterAll(async () => {
  if (server) await stopServer(server);
  await db?.drop();
});

describe('the built station', () => {
  it('plays to an MP3 listener and a live socket through its worker processes', async () => {
    const base = `http://127.0.0.1:${server.port}`;
    const capture = await captureMp3(base);
    const socket = await connect(`ws://127.0.0.1:${server.port}/ws`);
    try {
      const update = await until('a playback update', async () => {
        const frame = await socket.next(10_000);
        return frame.includes('"playback_update"') ? frame : undefined;
      });
      expect(JSON.parse(update)).toMatchObject({ type: 'playback_update' });
      // Two seconds of the stream, through the listener process.
      await until('two seconds of MP3', () => capture.bytes().length > 2 * MP3_BYTES_PER_SECOND);
      const children = childCommands(server.child.pid!);
      expect(children.some((c) => c.includes('dist/mp3-worker.js'))).toBe(true);
      expect(children.some((c) => c.includes('dist/fanout-worker.js'))).toBe(true);
    } finally {
      capture.stop();
      socket.ws.close();
    }
  }, 30_000);

  it("runs the command-line tool from the bundle on the station's database", async () => {
    const env = { DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl ?? '' };
    const made = await runCli(
      ['user-create', '--username', 'bundle_admin', '--password', 'pw-123456', '--role', 'admin'],
      env,
      true,
    );
    expect(made.code, made.stderr).toBe(0);
    const login = await fetch(`http://127.0.0.1:${server.port}${API.login.path()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bundle_admin', password: 'pw-123456' }),
    });
    expect(login.status).toBe(200);
  }, 30_000);

  it('stops cleanly on SIGTERM', async () => {
    expect(await stopServer(server)).toEqual({ code: 0, signal: null });
  }, 20_000);
});
