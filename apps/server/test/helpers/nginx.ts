import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server-process.js';

/*
 * Debian's nginx in front of test nodes, with the configuration the project ships in
 * deploy/nginx: only the three places it marks for adjusting are filled in (the API nodes, the
 * address, the HLS folder), inside a minimal main configuration of the test's own.
 */

export const NGINX = '/usr/sbin/nginx';
const DEPLOY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');
const SHIPPED = path.join(DEPLOY, 'nginx/queuecast.conf');
const SHIPPED_LIVE = path.join(DEPLOY, 'nginx/queuecast-live.conf');
/** Debian builds nginx's stream module apart (libnginx-mod-stream). */
const STREAM_MODULE = '/usr/lib/nginx/modules/ngx_stream_module.so';

export function nginxMissing(): string | null {
  if (!fs.existsSync(NGINX)) return `${NGINX} is not installed (apt-get install nginx)`;
  if (!fs.existsSync(STREAM_MODULE)) {
    return `nginx's stream module is not installed (apt-get install libnginx-mod-stream)`;
  }
  return null;
}

export interface RunningNginx {
  port: number;
  /** Where DJs' source clients connect (the shipped stream configuration). */
  livePort: number;
  /** Its error log, for failure messages. */
  log(): string;
  stop(): Promise<void>;
}

/** The shipped site configuration with the test's nodes, address and HLS folder. */
export function siteConfig(apiPorts: number[], port: number, hlsDir: string): string {
  const shipped = fs.readFileSync(SHIPPED, 'utf8');
  const servers = apiPorts.map((p) => `    server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`);
  const withNodes = shipped.replace(
    /^ {4}server api-1:.*\n {4}server api-2:.*$/m,
    servers.join('\n'),
  );
  const site = withNodes
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`)
    .replaceAll('/srv/queuecast/hls', hlsDir);
  if (site === shipped || !site.includes(`listen 127.0.0.1:${port}`) || site.includes('api-1')) {
    throw new Error('deploy/nginx/queuecast.conf no longer has the places this test fills in');
  }
  return site;
}

/** The shipped stream configuration for DJs' source clients, with the test's nodes and port. */
export function liveConfig(apiPorts: number[], port: number): string {
  const shipped = fs.readFileSync(SHIPPED_LIVE, 'utf8');
  const servers = apiPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=3s;`);
  const live = shipped
    .replace(/^ {4}server api-1:.*\n {4}server api-2:.*$/m, servers.join('\n'))
    .replace(/^ {4}listen 8000;$/m, `    listen 127.0.0.1:${port};`);
  if (!live.includes(`listen 127.0.0.1:${port}`) || live.includes('api-1')) {
    throw new Error('deploy/nginx/queuecast-live.conf no longer has the places this test fills in');
  }
  return live;
}

export async function startNginx(apiPorts: number[], hlsDir: string): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-nginx-'));
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const livePort = await freePort();
  fs.writeFileSync(path.join(dir, 'queuecast.conf'), siteConfig(apiPorts, port, hlsDir));
  fs.writeFileSync(path.join(dir, 'queuecast-live.conf'), liveConfig(apiPorts, livePort));
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `load_module ${STREAM_MODULE};
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/queuecast.conf;
}
stream {
  include ${dir}/queuecast-live.conf;
}
`,
  );
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const log = () => {
    const file = path.join(dir, 'error.log');
    return stderr + (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').slice(-4000) : '');
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${log()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    livePort,
    log,
    stop: async () => {
      if (child.exitCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
        await gone;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
