import net, { type Socket } from 'node:net';
import { sourceAnswer } from './source-head.js';

/** How long the playout has to answer the forwarded connection. */
const CONNECT_TIMEOUT_MS = 3000;

/**
 * Forwards a source's connection, as it came, to the node that plays (from the playout lease):
 * what the client sends goes there and what the playout answers comes back, byte for byte,
 * until either side closes. When that node dies, the client's connection ends with it, and the
 * client's reconnect is forwarded to whichever node plays by then.
 */
export function forwardSource(
  client: Socket,
  head: Buffer,
  to: { host: string; port: number },
  onFail: (err: Error) => void,
): void {
  const upstream = net.connect({ host: to.host, port: to.port });
  let connected = false;
  const timer = setTimeout(() => upstream.destroy(new Error('timed out')), CONNECT_TIMEOUT_MS);
  upstream.setNoDelay(true);
  upstream.once('connect', () => {
    connected = true;
    clearTimeout(timer);
    upstream.write(head);
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  });
  const close = () => {
    clearTimeout(timer);
    upstream.destroy();
    client.destroy();
  };
  upstream.on('error', (err) => {
    if (!connected && client.writable) {
      onFail(err);
      client.end(sourceAnswer(503, 'The station is changing hands; connect again in a moment.'));
      clearTimeout(timer);
      return;
    }
    close();
  });
  upstream.on('close', close);
  client.on('error', close);
  client.on('close', close);
}
