import v8 from 'node:v8';
import vm from 'node:vm';
import type net from 'node:net';
import { PlaybackUpdateSchema } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../src/app.js';
import { ProcessFanout } from '../src/live/fanout-processes.js';
import { createSong } from './helpers/factories.js';
import {
  clientFrame,
  connect,
  listening,
  rawClient,
  rssMiB,
  sleep,
  until,
  type Client,
} from './helpers/live-clients.js';

const MiB = 1024 * 1024;

/** Where the server's sockets are, for reading their memory: the workers, or this process. */
function socketPids(app: App): number[] {
  const fanout = app.ctx.live.fanout;
  return fanout instanceof ProcessFanout ? fanout.pids : [process.pid];
}
/**
 * The resident memory of the processes holding the sockets. When that is this process, which
 * also runs the test's clients, its garbage is collected first, so that what is measured is
 * what the server holds rather than what the collector has not got round to.
 */
function rss(app: App): number {
  const pids = socketPids(app);
  if (pids.includes(process.pid)) collectGarbage();
  return pids.reduce((sum, pid) => sum + rssMiB(pid), 0);
}
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** A queue of 100 songs: the playback update grows to what a busy station sends. */
async function fillQueue(app: App): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  for (let i = 0; i < 100; i++) {
    const songId = await createSong(app, { artists: ['Artist One', 'Artist Two'], tags: [] });
    await app.ctx.db
      .insertInto('queue_entries')
      .values({ song_id: songId, requested_by: null, requested_at: now, state: 'queued' })
      .execute();
  }
}

/**
 * A client that reads everything and keeps nothing (so that its own memory is not what is
 * measured when the sockets are in this process): it counts playback updates and their size.
 */
async function countingReader(url: string) {
  const ws = new WebSocket(url);
  const seen = { updates: 0, bytes: 0 };
  const waiters: (() => void)[] = [];
  ws.on('message', (data: Buffer) => {
    if (!data.subarray(0, 30).toString().startsWith('{"type":"playback_update"')) return;
    seen.updates++;
    seen.bytes = data.length;
    waiters.splice(0).forEach((w) => w());
  });
  const nextUpdate = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no update within 3 s')), 3000);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  const first = nextUpdate();
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  await first;
  return { ws, seen, nextUpdate };
}

/** The next playback update a client receives (other messages are skipped). */
async function nextUpdate(client: Client, ms?: number) {
  for (;;) {
    const parsed = JSON.parse(await client.next(ms)) as { type: string };
    if (parsed.type === 'playback_update') return PlaybackUpdateSchema.parse(parsed);
  }
}

describe.each([
  ['in this process', 0],
  ['in 2 fan-out processes', 2],
])('a /ws client that never reads, sockets %s', (_, processes) => {
  it('is closed once its send queue passes the bound, and the memory stays bounded', async () => {
    const { app, url, port } = await listening({
      LIVE_FANOUT_PROCESSES: String(processes),
      LIVE_FANOUT_FROM: '0',
      LIVE_SEND_QUEUE: '64k',
    });
    await fillQueue(app);
    const reader = await countingReader(url);
    const updateBytes = reader.seen.bytes;
    expect(updateBytes).toBeGreaterThan(40_000); // tens of KB, as on a busy station
    const round = async () => {
      const next = reader.nextUpdate();
      app.ctx.bus.publish({ type: 'queue.changed' });
      await next;
    };
    // Warmed up first, so that what the heap settles at with updates flowing is the baseline.
    for (let i = 0; i < 200; i++) await round();
    const before = rss(app);
    const silent = await rawClient(port);
    await until(() => app.ctx.live.hub.size === 2, 'two sockets');
    let most = before;
    let rounds = 0;
    let cutAt = 0;
    // Updates keep flowing for a while after the silent socket is cut; without the bound they
    // would all be held for it.
    while ((cutAt === 0 || rounds < cutAt + 300) && rounds < 1000) {
      await round();
      rounds++;
      if (!cutAt && app.ctx.live.hub.size === 1) cutAt = rounds;
      if (rounds % 10 === 0) most = Math.max(most, rss(app));
    }
    // It took megabytes (the kernel's buffers fill first), then the bound cut it.
    expect(cutAt).toBeGreaterThan(0);
    expect(cutAt * updateBytes).toBeGreaterThan(MiB);
    expect(most - before).toBeLessThan(64);
    expect(reader.ws.readyState).toBe(WebSocket.OPEN);
    await round();
    reader.ws.close();
    silent.destroy();
    // Up to 1,200 rebuilds of a 40 KB update: 8-16 s on two busy cores, so it gets its own time.
  }, 60_000);
});

/**
 * A client that floods `{"type":"refresh"}` as fast as its connection takes it and never
 * reads; when the server closes it, it connects again at once, for as long as it runs.
 */
function flood(port: number) {
  const batch = Buffer.concat(
    Array.from({ length: 2000 }, () => clientFrame('{"type":"refresh"}')),
  );
  const stats = { frames: 0, connections: 0, refused: 0 };
  let running = true;
  const loop = async () => {
    while (running) {
      let socket: net.Socket;
      try {
        socket = await rawClient(port);
      } catch {
        stats.refused++; // over the cap while the last one is still being counted out
        await sleep(20);
        continue;
      }
      stats.connections++;
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      while (running && !socket.destroyed) {
        stats.frames += 2000;
        if (!socket.write(batch)) {
          await Promise.race([new Promise((r) => socket.once('drain', r)), closed]);
        }
      }
      socket.destroy();
    }
  };
  const done = loop();
  return {
    stats,
    stop: async () => {
      running = false;
      await done;
    },
  };
}

describe('a /ws client flooding refresh messages', () => {
  it('for 30 s grows no server memory and delays no other listener', async () => {
    const servers = await Promise.all(
      [0, 2].map((processes) =>
        listening({ LIVE_FANOUT_PROCESSES: String(processes), LIVE_FANOUT_FROM: '0' }),
      ),
    );
    const readers = await Promise.all(
      servers.map(async ({ app, url }) => {
        const clients = await Promise.all([connect(url), connect(url), connect(url)]);
        await Promise.all(clients.map((c) => c.next()));
        await until(
          () => socketPids(app).length === (app.ctx.live.fanout instanceof ProcessFanout ? 2 : 1),
          'workers',
        );
        return clients;
      }),
    );
    const before = servers.map(({ app }) => rss(app));
    const most = [...before];
    const worst = servers.map(() => 0);
    const floods = servers.map(({ port }) => flood(port));
    const started = Date.now();
    try {
      while (Date.now() - started < 30_000) {
        await Promise.all(
          servers.map(async ({ app }, i) => {
            const t0 = performance.now();
            app.ctx.bus.publish({ type: 'queue.changed' });
            await Promise.all(readers[i]!.map((c) => nextUpdate(c, 1000)));
            worst[i] = Math.max(worst[i]!, performance.now() - t0);
            most[i] = Math.max(most[i]!, rss(app));
          }),
        );
        await sleep(250);
      }
    } finally {
      await Promise.all(floods.map((f) => f.stop()));
    }
    for (const [i, f] of floods.entries()) {
      // The flood went on: the server kept closing the flooder and it kept coming back.
      expect(f.stats.frames).toBeGreaterThan(100_000);
      expect(f.stats.connections).toBeGreaterThan(10);
      expect(worst[i]).toBeLessThan(1000);
      expect(most[i]! - before[i]!).toBeLessThan(64);
    }
    for (const clients of readers)
      for (const c of clients) expect(c.ws.readyState).toBe(WebSocket.OPEN);
    console.log(
      'flood:',
      servers.map((_, i) => ({
        worstUpdateMs: Math.round(worst[i]!),
        rssGrowthMiB: Math.round(most[i]! - before[i]!),
        ...floods[i]!.stats,
      })),
    );
    readers.flat().forEach((c) => c.ws.close());
  }, 45_000);
});
