import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/*
 * Debian's icecast2, started for a test: it refuses to run as root, so it runs as nobody
 * through runuser, with a generated configuration in a fresh directory.
 */

export const ICECAST = '/usr/bin/icecast2';

/** Why Icecast cannot run here, or null when it can. */
export function icecastMissing(): string | null {
  if (!fs.existsSync(ICECAST)) return `${ICECAST} is not installed (apt-get install icecast2)`;
  if (process.getuid?.() !== 0) return 'starting icecast2 as nobody needs root';
  if (spawnSync('id', ['nobody']).status !== 0) return 'there is no user nobody';
  return null;
}

export interface RunningIcecast {
  port: number;
  sourcePassword: string;
  /** The URL a source pushes `mount` to. */
  sourceUrl(mount: string): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startIcecast(): Promise<RunningIcecast> {
  const ids = spawnSync('id', ['nobody'], { encoding: 'utf8' }).stdout;
  const uid = Number(/uid=(\d+)/.exec(ids)?.[1]);
  const gid = Number(/gid=(\d+)/.exec(ids)?.[1]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-icecast-'));
  fs.chmodSync(dir, 0o755);
  const logDir = path.join(dir, 'log');
  fs.mkdirSync(logDir);
  fs.chownSync(logDir, uid, gid);
  const port = await freePort();
  const sourcePassword = crypto.randomBytes(8).toString('hex');
  const config = path.join(dir, 'icecast.xml');
  fs.writeFileSync(
    config,
    `<icecast>
  <limits><clients>100</clients><sources>2</sources><burst-on-connect>0</burst-on-connect></limits>
  <authentication>
    <source-password>${sourcePassword}</source-password>
    <admin-user>admin</admin-user><admin-password>${sourcePassword}</admin-password>
  </authentication>
  <hostname>127.0.0.1</hostname>
  <listen-socket><port>${port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <paths>
    <basedir>/usr/share/icecast2</basedir><logdir>${logDir}</logdir>
    <webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot>
  </paths>
  <logging><errorlog>error.log</errorlog><accesslog>access.log</accesslog><loglevel>3</loglevel></logging>
  <security><chroot>0</chroot></security>
</icecast>
`,
  );
  fs.chmodSync(config, 0o644);
  const child: ChildProcess = spawn('runuser', ['-u', 'nobody', '--', ICECAST, '-c', config], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`icecast2 did not start (exit ${child.exitCode}); see ${logDir}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    sourcePassword,
    sourceUrl: (mount) => `http://source:${sourcePassword}@127.0.0.1:${port}${mount}`,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // runuser passes the signal on to icecast2.
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
