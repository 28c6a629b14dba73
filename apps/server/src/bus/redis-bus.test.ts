import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import {
  REDIS_URL,
  redisReachable,
  SERVICES_REQUIRED as strict,
} from '../../test/helpers/services.js';
import type { BusEvent } from '../core/bus.js';
import { busChannel, createEventBus } from './create-bus.js';
import { MemoryEventBus } from './memory-bus.js';
import { RedisEventBus, type BusLog } from './redis-bus.js';

const reachable = await redisReachable();
if (!reachable && !strict) {
  console.warn(
    `Redis is not reachable at ${REDIS_URL} (set TEST_REDIS_URL): Redis bus tests skipped`,
  );
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(ok: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

function capturingLog() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const log: BusLog = {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  };
  return { log, lines };
}

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
});

function bus(channel: string, log: BusLog = capturingLog().log, url = REDIS_URL) {
  const b = new RedisEventBus({ url, channel, log });
  opened.push(b);
  return b;
}

function record(b: { subscribe(h: (e: BusEvent) => void): () => void }) {
  const seen: BusEvent[] = [];
  b.subscribe((e) => seen.push(e));
  return seen;
}

/** A bus is subscribed once a message published on its channel reaches it. */
async function ready(b: RedisEventBus, channel: string): Promise<void> {
  const raw = new Redis(REDIS_URL);
  opened.push({ close: () => raw.quit().then(() => undefined) });
  let arrived = false;
  const off = b.subscribe(() => (arrived = true));
  const ping = JSON.stringify({ v: 1, node: 'probe', event: { type: 'users.seen' } });
  const deadline = Date.now() + 5000;
  while (!arrived) {
    if (Date.now() > deadline) throw new Error('the bus never subscribed');
    await raw.publish(channel, ping);
    await sleep(20);
  }
  off();
}

const newChannel = () => `queuecast-test:${crypto.randomBytes(6).toString('hex')}:events`;

describe.skipIf(!reachable && !strict)('RedisEventBus', () => {
  it.runIf(strict)('has Redis to run against (required in CI)', () => {
    expect(reachable, `Redis is not reachable at ${REDIS_URL}`).toBe(true);
  });

  it('carries events between two buses both ways, each delivered once, its own too', async () => {
    const channel = newChannel();
    const a = bus(channel);
    const b = bus(channel);
    await ready(a, channel);
    await ready(b, channel);
    const seenA = record(a);
    const seenB = record(b);

    const started: BusEvent = {
      type: 'track.started',
      song_id: 7,
      queue_id: null,
      requested_by: 3,
      started_at: 1_700_000_000,
      exact_start: 1_700_000_000.25,
    };
    a.publish({ type: 'queue.changed' });
    b.publish(started);
    await until(() => seenA.length >= 2 && seenB.length >= 2);
    await sleep(200); // room for a duplicate to show up

    expect(seenA).toHaveLength(2);
    expect(seenB).toHaveLength(2);
    expect(seenA).toContainEqual({ type: 'queue.changed' });
    expect(seenA).toContainEqual(started);
    expect(seenB).toContainEqual({ type: 'queue.changed' });
    expect(seenB).toContainEqual(started);
  });

  it('does not hear another channel', async () => {
    const channel = newChannel();
    const a = bus(channel);
    const other = bus(newChannel());
    const b = bus(channel);
    await ready(b, channel);
    await sleep(100);
    const seen = record(b);
    other.publish({ type: 'users.seen' });
    a.publish({ type: 'listeners.changed', listeners: 4 });
    await until(() => seen.length === 1);
    await sleep(200);
    expect(seen).toEqual([{ type: 'listeners.changed', listeners: 4 }]);
  });

  it('logs and drops malformed messages, and keeps delivering', async () => {
    const channel = newChannel();
    const { log, lines } = capturingLog();
    const b = bus(channel, log);
    await ready(b, channel);
    const seen = record(b);
    const raw = new Redis(REDIS_URL);
    try {
      for (const message of [
        'not json',
        '[]',
        JSON.stringify({ v: 2, node: 'x', event: { type: 'queue.changed' } }),
        JSON.stringify({ v: 1, node: 'x', event: { type: 'nobody.knows' } }),
        JSON.stringify({ v: 1, node: 'x', event: { type: 'track.started', song_id: 'seven' } }),
        JSON.stringify({ v: 1, node: 'x', event: { type: 'users.seen', extra: true } }),
      ]) {
        await raw.publish(channel, message);
      }
    } finally {
      await raw.quit();
    }
    await until(() => seen.length === 1);
    await sleep(100);
    // Only the well-formed one, without its unknown field.
    expect(seen).toEqual([{ type: 'users.seen' }]);
    const warnings = lines.filter((l) => l.level === 'warn');
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings[0]!.msg).toBe('dropped a message on the event bus');
  });

  it('survives a subscriber that throws', async () => {
    const channel = newChannel();
    const { log, lines } = capturingLog();
    const a = bus(channel);
    const b = bus(channel, log);
    await ready(b, channel);
    b.subscribe(() => {
      throw new Error('boom');
    });
    const seen = record(b);
    a.publish({ type: 'queue.changed' });
    b.publish({ type: 'users.seen' });
    await until(() => seen.length === 2);
    expect(lines.filter((l) => l.msg === 'a bus subscriber failed')).toHaveLength(2);
  });

  it('resynchronises its own subscribers with queue.changed when the subscription comes back', async () => {
    const channel = newChannel();
    const b = bus(channel);
    await ready(b, channel);
    const seen = record(b);
    const admin = new Redis(REDIS_URL);
    try {
      const clients = (await admin.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
      const line = clients
        .split('\n')
        .find((l) => l.includes(`name=queuecast-${b.nodeId.slice(0, 8)}-sub`));
      const id = /\bid=(\d+)/.exec(line ?? '')?.[1];
      expect(id).toBeDefined();
      await admin.client('KILL', 'ID', id!);
    } finally {
      await admin.quit();
    }
    await until(() => seen.length > 0, 5000);
    expect(seen).toEqual([{ type: 'queue.changed' }]);
    // Subscribed again: other nodes' events arrive.
    const a = bus(channel);
    await sleep(100);
    a.publish({ type: 'users.seen' });
    await until(() => seen.length === 2);
    expect(seen[1]).toEqual({ type: 'users.seen' });
  });

  it('closes both connections', async () => {
    const channel = newChannel();
    const b = new RedisEventBus({ url: REDIS_URL, channel, log: capturingLog().log });
    await ready(b, channel);
    const name = `queuecast-${b.nodeId.slice(0, 8)}-`;
    const admin = new Redis(REDIS_URL);
    try {
      const named = async () =>
        ((await admin.client('LIST')) as string).split('\n').filter((l) => l.includes(name));
      expect(await named()).toHaveLength(2);
      await b.close();
      const deadline = Date.now() + 2000;
      while ((await named()).length > 0 && Date.now() < deadline) await sleep(20);
      expect(await named()).toHaveLength(0);
      const seen = record(b);
      b.publish({ type: 'users.seen' }); // after close: no throw, nobody left to tell
      await sleep(20);
      expect(seen).toEqual([{ type: 'users.seen' }]);
      await b.close(); // twice is fine
    } finally {
      await admin.quit();
    }
  });
});

describe('RedisEventBus without Redis', () => {
  it('delivers locally, never throws, keeps nothing queued, and closes', async () => {
    const { log, lines } = capturingLog();
    // Nothing listens on port 1: every connection attempt is refused.
    const b = new RedisEventBus({ url: 'redis://127.0.0.1:1', channel: newChannel(), log });
    let count = 0;
    b.subscribe(() => count++);
    for (let i = 0; i < 10_000; i++) b.publish({ type: 'users.seen' });
    await until(() => count === 10_000);
    await until(() => lines.some((l) => l.level === 'error'));
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(1); // once per outage
    const pub = (b as unknown as { pub: { offlineQueue: { length: number } } }).pub;
    expect(pub.offlineQueue.length).toBe(0);
    await b.close();
  });
});

describe('createEventBus', () => {
  it('is the memory bus without REDIS_URL', async () => {
    const b = createEventBus(
      { redisUrl: undefined, databaseUrl: undefined, dataDir: '/tmp/x' },
      capturingLog().log,
    );
    expect(b).toBeInstanceOf(MemoryEventBus);
    await b.close();
  });

  it('names the channel after the database and the Redis database number', () => {
    const pg = 'postgres://u:secret@db.internal:5432/radio';
    expect(busChannel({ redisUrl: 'redis://r:6379', databaseUrl: pg, dataDir: '/d' })).toBe(
      'queuecast:0:radio:events',
    );
    // The same database spelled with another host: the same channel.
    expect(
      busChannel({
        redisUrl: 'redis://r:6379/3',
        databaseUrl: 'postgresql://u@10.0.0.5/radio',
        dataDir: '/e',
      }),
    ).toBe('queuecast:3:radio:events');
    expect(
      busChannel({ redisUrl: 'redis://r', databaseUrl: 'postgres://alice@h', dataDir: '/d' }),
    ).toBe('queuecast:0:alice:events');
    const sqlite = (dataDir: string) =>
      busChannel({ redisUrl: 'redis://r', databaseUrl: undefined, dataDir });
    expect(sqlite('/srv/a')).toMatch(/^queuecast:0:sqlite-[0-9a-f]{16}:events$/);
    expect(sqlite('/srv/a')).not.toBe(sqlite('/srv/b'));
  });
});
