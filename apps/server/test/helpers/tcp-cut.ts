import net from 'node:net';

/**
 * A TCP relay between a node and a service (PostgreSQL, Redis) that a test can cut, as a
 * restart of the service or a network blip does: every open connection is reset and new ones
 * are refused until it is restored.
 */
export interface TcpCut {
  port: number;
  /** Cuts every connection and refuses new ones. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export function startTcpCut(target: { host: string; port: number }): Promise<TcpCut> {
  const open = new Set<net.Socket>();
  let down = false;
  const server = net.createServer((client) => {
    if (down) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        open.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        port,
        cut() {
          down = true;
          for (const socket of open) socket.resetAndDestroy();
        },
        restore() {
          down = false;
        },
        close: () =>
          new Promise<void>((done) => {
            for (const socket of open) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** `url` (postgres:// or redis://) with its host and port replaced by the relay's. */
export function throughCut(url: string, cut: TcpCut): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(cut.port);
  return parsed.toString();
}
