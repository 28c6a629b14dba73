import net from 'node:net';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { addressHex, connectionKey, parseProcNetTcp, readSendQueues } from './tcp-send-queues.js';

describe('addresses in the kernel’s spelling', () => {
  it('writes IPv4, IPv4-mapped and IPv6 addresses alike', () => {
    expect(addressHex('127.0.0.1')).toBe('00000000000000000000ffff7f000001');
    expect(addressHex('::ffff:127.0.0.1')).toBe('00000000000000000000ffff7f000001');
    expect(addressHex('::1')).toBe('00000000000000000000000000000001');
    expect(addressHex('2001:db8::a:1')).toBe('20010db80000000000000000000a0001');
    expect(addressHex('fe80::1%eth0')).toBe('fe800000000000000000000000000001');
  });

  it('reads established connections from both /proc files', () => {
    if (os.endianness() !== 'LE') return;
    const queues = new Map<string, number>();
    parseProcNetTcp(
      [
        '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
        '   0: 0100007F:1F90 0100007F:C350 01 00040000:00000000 00:00000000 00000000  0 0 1 1',
        '   1: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  0 0 2 1',
      ].join('\n'),
      queues,
    );
    parseProcNetTcp(
      [
        '  sl  local_address                         remote_address                        st tx_queue rx_queue',
        '   0: 00000000000000000000000001000000:1F90 00000000000000000000000001000000:C351 01 00000010:00000000',
      ].join('\n'),
      queues,
    );
    expect(queues).toEqual(
      new Map([
        [connectionKey('127.0.0.1', 0xc350, 8080), 0x40000],
        [connectionKey('::1', 0xc351, 8080), 0x10],
      ]),
    );
  });
});

describe.runIf(process.platform === 'linux')('a real connection', () => {
  it('shows the bytes a peer has not read', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
    const client = net.connect(port, '127.0.0.1');
    client.pause();
    const socket = await accepted;
    try {
      // Far more than the client's receive buffer: the rest waits in the server's send buffer.
      const chunk = Buffer.alloc(64 * 1024);
      for (let i = 0; i < 64; i++) socket.write(chunk);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const key = connectionKey(socket.remoteAddress!, socket.remotePort!, socket.localPort!);
      const inKernel = readSendQueues().get(key) ?? 0;
      expect(inKernel).toBeGreaterThan(64 * 1024);
      expect(inKernel + socket.writableLength).toBeLessThanOrEqual(64 * 64 * 1024);
    } finally {
      client.destroy();
      socket.destroy();
      server.close();
    }
  });
});
