import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Mp3Listeners } from './mp3-listeners.js';
import type { Mp3Chunk } from './mp3-stream.js';
import { readSendQueues, type Families } from './tcp-send-queues.js';

/*
 * How often MP3 listeners' lag is looked up in the kernel's connection table: real loopback
 * sockets, chunks published by hand of half a second of 128 kb/s audio each.
 */

const INFO = { name: 'Test FM', genre: 'Test', url: 'http://radio.test/' };
const CHUNK = 8000;
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function setup(maxLagBytes: number) {
  const looks: Families[] = [];
  const gone: { id: number; dropped: boolean }[] = [];
  const listeners = new Mp3Listeners(
    INFO,
    (id, dropped) => gone.push({ id, dropped }),
    { maxLagBytes, lagCheckMs: 0 },
    (families) => {
      looks.push(families);
      return readSendQueues(families);
    },
  );
  let next = 1;
  const server = net.createServer((socket) => listeners.add(next++, socket, false));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => {
    listeners.close();
    server.close();
  });
  const connect = async (reading: boolean) => {
    const client = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
    cleanup.push(() => client.destroy());
    if (!reading) client.pause();
    else client.resume();
    const before = listeners.count;
    while (listeners.count === before) await tick();
    return client;
  };
  let start = 0;
  const publish = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const chunk: Mp3Chunk = { bytes: Buffer.alloc(CHUNK, 1), start, title: 'A', changes: [] };
      start += CHUNK;
      listeners.publish(chunk);
      await tick();
    }
  };
  return { listeners, looks, gone, connect, publish };
}

describe('MP3 listeners: the lag watch', () => {
  it('reads the connection table when a listener could be near the limit, not every second', async () => {
    const s = await setup(160_000);
    await s.connect(true);
    // 40 chunks: 20 s of audio, every byte read by the listener as it comes.
    await s.publish(40);
    // A look when the bound (the burst, then the audio written since the last look) would come
    // within a second of the limit: before chunk 12, then every 17 (8.5 s of audio), where a
    // look every second would have made 20.
    expect(s.looks.length).toBeGreaterThanOrEqual(2);
    expect(s.looks.length).toBeLessThanOrEqual(3);
    // Only the table of the address family in use.
    for (const families of s.looks) expect(families).toEqual({ v4: true, v6: false });
    expect(s.gone).toEqual([]);
  });

  it('still drops a listener that stops reading, soon after it passes the limit', async () => {
    const s = await setup(160_000);
    await s.connect(true);
    await s.connect(false);
    let published = 0;
    while (s.gone.length === 0 && published < 2000) {
      await s.publish(1);
      published++;
    }
    expect(s.gone).toEqual([{ id: 2, dropped: true }]);
    expect(s.listeners.count).toBe(1);
    // It fell the limit behind, plus what the kernel's buffers on both sides took, plus at most
    // the second kept in hand: far from the megabytes a send buffer grows to.
    expect(published * CHUNK).toBeLessThan(1.5 * 1024 * 1024);
  });
});
