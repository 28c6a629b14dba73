import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { connect, listening, type Client } from './helpers/live-clients.js';

/** The next `listeners` message, within 5 s (other messages are skipped). */
async function nextListeners(client: Client): Promise<{ listeners: number; ms: number }> {
  const started = performance.now();
  for (;;) {
    const left = 5000 - (performance.now() - started);
    const m = JSON.parse(await client.next(Math.max(1, left))) as {
      type: string;
      listeners?: number;
    };
    if (m.type === 'listeners') return { listeners: m.listeners!, ms: performance.now() - started };
  }
}

describe.each([
  ['in this process', 0],
  ['in 2 fan-out processes', 2],
])('the listener count on /ws, sockets %s', (_, processes) => {
  it('reaches the sockets within 5 s of an MP3 listener coming and going', async () => {
    const { app, url, port } = await listening({
      LIVE_FANOUT_PROCESSES: String(processes),
      LIVE_FANOUT_FROM: '0',
    });
    const client = await connect(url);
    await client.next();
    await app.ctx.station.start();
    try {
      // The station announces 0 at first, which the sockets already have: only changes go out.
      const req = http.get(`http://127.0.0.1:${port}/stream/live.mp3`);
      req.on('error', () => undefined);
      expect((await nextListeners(client)).listeners).toBe(1);
      // and a refresh, or a new socket, gets an update with the count in it
      const late = await connect(url);
      expect(JSON.parse(await late.next())).toMatchObject({
        type: 'playback_update',
        listeners: 1,
      });
      req.destroy();
      const gone = await nextListeners(client);
      expect(gone.listeners).toBe(0);
      expect(gone.ms).toBeLessThan(5000);
      late.ws.close();
    } finally {
      client.ws.close();
      await app.ctx.station.stop();
    }
  });
});
