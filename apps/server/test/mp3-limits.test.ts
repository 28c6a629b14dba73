import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { captureMp3, type TimedCapture } from './helpers/mp3-capture.js';
import { queueTones } from './helpers/queued-tones.js';
import { createTestApp } from './helpers/test-app.js';

/*
 * The station's MP3 stream with MP3_MAX_PER_IP=2: the third stream from one address is refused
 * with a message a player's user can read, and a place frees when a stream ends.
 */

let app: App;
let base: string;
const open: TimedCapture[] = [];

beforeAll(async () => {
  app = await createTestApp({ env: { MP3_MAX_PER_IP: '2' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  await queueTones(app, [{ title: 'Limit Tone', artist: 'Limits', seconds: 30 }]);
  await app.ctx.station.start();
}, 60_000);

afterAll(async () => {
  for (const c of open) c.stop();
  await app?.ctx.station.stop();
});

function get(url: string): Promise<{ status: number; body: string; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            retryAfter: res.headers['retry-after'],
          }),
        );
      })
      .on('error', reject);
  });
}

describe('MP3 streams per address', () => {
  it('refuses one over MP3_MAX_PER_IP with 429 and a message, and frees a place when one ends', async () => {
    open.push(await captureMp3(base, 30_000), await captureMp3(base));
    const refused = await get(`${base}/stream/live.mp3`);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      error: 'Too many streams from your address. Close one and try again.',
      retry_after: 10,
    });
    expect(refused.retryAfter).toBe('10');

    open.shift()!.stop();
    const deadline = Date.now() + 5000;
    while (app.ctx.station.mp3.hasRoomFor('127.0.0.1') === false && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    open.push(await captureMp3(base));
    expect(app.ctx.station.mp3.count).toBe(2);
  }, 60_000);

  it('answers HEAD with the stream type and no body, taking no place', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/stream/live.mp3' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.body).toBe('');
    expect(app.ctx.station.mp3.count).toBe(2);
  });
});
