import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../src/app.js';
import { listening } from './helpers/live-clients.js';
import { createTestApp } from './helpers/test-app.js';

// TRUST_PROXY names the proxies whose X-Forwarded-For is believed. The client's address is
// the first one, walking back from the peer, that is not such a proxy: a client cannot pick the
// address every per-address limit sees by sending the header itself. (The tests' peer is
// 127.0.0.1.)

/** Logins from `forwardedFor` until the per-address limit (2 a minute) answers 429. */
async function loginsBeforeLimit(app: App, forwardedFor: string[]): Promise<number[]> {
  const codes: number[] = [];
  for (const xff of forwardedFor) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': xff },
      payload: { username: 'nobody_at_all', password: 'wrong-password' },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

const limits = { perIpPerMinute: 2, freeFailures: 1000, maxDelaySeconds: 900 };

describe('TRUST_PROXY', () => {
  it('unset: X-Forwarded-For is ignored, every request is the peer', async () => {
    const app = await createTestApp({ loginLimits: limits });
    expect(await loginsBeforeLimit(app, ['1.1.1.1', '2.2.2.2', '3.3.3.3'])).toEqual([
      401, 401, 429,
    ]);
  });

  it('a trusted proxy: its forwarded client is the address, and a spoofed hop before it is not', async () => {
    const app = await createTestApp({ loginLimits: limits, env: { TRUST_PROXY: '127.0.0.1' } });
    // Three different clients behind the proxy: each has its own allowance.
    expect(await loginsBeforeLimit(app, ['1.1.1.1', '2.2.2.2', '3.3.3.3'])).toEqual([
      401, 401, 401,
    ]);
    // One client (4.4.4.4) that puts made-up addresses in front of its own header: the proxy
    // appended the real one, and that is what counts.
    expect(
      await loginsBeforeLimit(app, ['9.9.9.1, 4.4.4.4', '9.9.9.2, 4.4.4.4', '9.9.9.3, 4.4.4.4']),
    ).toEqual([401, 401, 429]);
  });

  it('a list of CIDR ranges; a proxy outside them is not believed', async () => {
    const app = await createTestApp({
      loginLimits: limits,
      env: { TRUST_PROXY: '10.0.0.0/8, 192.168.0.0/16' },
    });
    // The peer (127.0.0.1) is not in the list: the header counts for nothing.
    expect(await loginsBeforeLimit(app, ['1.1.1.1', '2.2.2.2', '3.3.3.3'])).toEqual([
      401, 401, 429,
    ]);
  });

  it('/ws sockets are counted per client address the same way', async () => {
    const { app, url } = await listening({ TRUST_PROXY: '1', LIVE_MAX_SOCKETS_PER_IP: '1' });
    const open = (xff: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, { headers: { 'x-forwarded-for': xff } });
        // A refused upgrade also reports an error when the socket is torn down: expected here.
        ws.on('error', () => undefined);
        ws.once('open', () => resolve(101));
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        sockets.push(ws);
      });
    const sockets: WebSocket[] = [];
    try {
      expect(await open('5.5.5.5')).toBe(101);
      expect(await open('6.6.6.6')).toBe(101);
      // Spoofed first hops, one real client: its second socket is over the limit.
      expect(await open('7.7.7.1, 8.8.8.8')).toBe(101);
      expect(await open('7.7.7.2, 8.8.8.8')).toBe(429);
    } finally {
      sockets.forEach((ws) => ws.terminate());
      await app.close();
    }
  });
});
