/**
 * The DJ's source client: ffmpeg streaming an 880 Hz tone in real time to `icecast://…/live`,
 * through a TCP relay in this process that notes when ffmpeg connected, when its request head
 * ended and when the first byte after it (the first audio) went out, and that cuts the
 * connection on demand (the disconnect, timed here).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

export interface SourceRun {
  spawnedAt: number;
  connectedAt: number | null;
  /** performance.now() when the first byte after the request head was relayed upstream. */
  firstAudioAt: number | null;
  /** Body bytes relayed, with the time of each write. */
  sent: { at: number; bytes: number }[];
  /** The server's first answer line. */
  answer: string;
  /** Cuts both sides of the relay and kills ffmpeg; resolves to the time of the cut. */
  disconnect(): number;
  log: string[];
}

export interface Relay {
  port: number;
  /** Starts ffmpeg through the relay. */
  start(opts: { user: string; key: string; legacy?: boolean }): SourceRun;
  close(): void;
}

/** ffmpeg's arguments: the source the test suite's ffmpegSource uses, MP3 128 kb/s. */
export function sourceArgs(url: string, legacy = false): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-re'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=880:sample_rate=48000'],
    ...['-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k', '-content_type', 'audio/mpeg'],
    ...(legacy ? ['-legacy_icecast', '1'] : []),
    ...['-f', 'mp3', url],
  ];
}

/** ffmpeg sources still running, killed when this process ends however it ends. */
const running = new Set<ChildProcess>();
process.on('exit', () => running.forEach((c) => c.kill('SIGKILL')));

export async function startRelay(ffmpeg: string, upstreamPort: number): Promise<Relay> {
  let current: {
    run: SourceRun;
    sockets: net.Socket[];
  } | null = null;
  const server = net.createServer((client) => {
    const run = current?.run;
    if (!run || !current) {
      client.destroy();
      return;
    }
    const at = performance.now();
    run.connectedAt ??= at;
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    current.sockets.push(client, upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    let head = Buffer.alloc(0);
    let inBody = false;
    client.on('data', (d: Buffer) => {
      const now = performance.now();
      if (!inBody) {
        head = Buffer.concat([head, d]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) {
          upstream.write(d);
          return;
        }
        inBody = true;
        const body = head.subarray(end + 4);
        upstream.write(d);
        if (body.length) {
          run.firstAudioAt ??= now;
          run.sent.push({ at: now, bytes: body.length });
        }
        return;
      }
      run.firstAudioAt ??= now;
      run.sent.push({ at: now, bytes: d.length });
      upstream.write(d);
    });
    upstream.on('data', (d: Buffer) => {
      if (!run.answer) run.answer = d.toString('latin1').split('\r\n', 1)[0]!;
      client.write(d);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    port,
    start({ user, key, legacy }) {
      const child: ChildProcess = spawn(
        ffmpeg,
        sourceArgs(`icecast://${user}:${key}@127.0.0.1:${port}/live`, legacy),
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      running.add(child);
      child.once('exit', () => running.delete(child));
      const log: string[] = [];
      child.stderr!.on('data', (d: Buffer) => log.push(d.toString()));
      const sockets: net.Socket[] = [];
      const run: SourceRun = {
        spawnedAt: performance.now(),
        connectedAt: null,
        firstAudioAt: null,
        sent: [],
        answer: '',
        log,
        disconnect() {
          const at = performance.now();
          for (const s of sockets) s.destroy();
          child.kill('SIGKILL');
          return at;
        },
      };
      current = { run, sockets };
      return run;
    },
    close() {
      server.close();
    },
  };
}
