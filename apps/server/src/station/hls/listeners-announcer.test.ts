import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryEventBus } from '../../bus/memory-bus.js';
import type { BusEvent } from '../../core/bus.js';
import { HLS_CLIENT_WINDOW_MS, HlsClients } from './hls-clients.js';
import { ListenersAnnouncer } from '../../lib/listeners-announcer.js';
import { LocalMp3Audience } from '../mp3/mp3-audience.js';

const EVERY_MS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let cleanup: (() => void)[] = [];
afterEach(() => {
  cleanup.forEach((c) => c());
  cleanup = [];
});

/** A real MP3 audience behind a real HTTP server, and a way to connect listeners to it. */
async function mp3Station() {
  const mp3 = new LocalMp3Audience(
    { name: 'test', genre: 'Test', url: '' },
    { maxPerAddress: 8, maxLagBytes: 160_000, lagCheckMs: 1000 },
  );
  const server = http.createServer((req) =>
    mp3.accept(req.socket, req.socket.remoteAddress ?? '', false),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  cleanup.push(() => {
    void mp3.close();
    server.close();
  });
  /** A listener connection, once the broadcaster counts it. */
  const listen = async () => {
    const before = mp3.count;
    const req = http.get(`http://127.0.0.1:${port}/`);
    req.on('error', () => undefined);
    while (mp3.count === before) await sleep(5);
    return req;
  };
  return { mp3, listen };
}

describe('ListenersAnnouncer', () => {
  it('announces MP3 and HLS listeners on the bus, one event per interval at most', async () => {
    const bus = new MemoryEventBus();
    const seen: { at: number; listeners: number }[] = [];
    bus.subscribe((e: BusEvent) => {
      if (e.type === 'listeners.changed') seen.push({ at: Date.now(), listeners: e.listeners });
    });
    const { mp3, listen } = await mp3Station();
    const hls = new HlsClients();
    const announcer = new ListenersAnnouncer(
      () => mp3.count + hls.count(),
      (listeners) => bus.publish({ type: 'listeners.changed', listeners }),
      EVERY_MS,
    );
    // As the station wires it: an arrival wakes the announcer, which sleeps while nobody listens.
    mp3.onArrive = () => announcer.poke();
    hls.onArrive = () => announcer.poke();
    announcer.start();
    cleanup.push(() => announcer.stop());

    await sleep(EVERY_MS * 1.5);
    expect(seen.map((s) => s.listeners)).toEqual([0]); // the first look says where it starts
    await sleep(EVERY_MS * 2);
    expect(seen).toHaveLength(1); // no change, nothing said

    // A burst of changes: three MP3 connections and four HLS clients, one soon to expire.
    const requests = [await listen(), await listen(), await listen()];
    hls.touch('10.0.0.3', 'a', Date.now() - HLS_CLIENT_WINDOW_MS + EVERY_MS * 3);
    hls.touch('10.0.0.1', 'a');
    hls.touch('10.0.0.2', 'a');
    hls.touch('10.0.0.2', 'b');
    await sleep(EVERY_MS * 1.5);
    expect(seen.map((s) => s.listeners)).toEqual([0, 7]);

    // The HLS client whose polls stopped drops out on its own; an MP3 listener leaves.
    requests[0]!.destroy();
    await sleep(EVERY_MS * 4);
    expect(
      seen
        .map((s) => s.listeners)
        .slice(2)
        .at(-1),
    ).toBe(5);
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.at - seen[i - 1]!.at).toBeGreaterThanOrEqual(EVERY_MS * 0.9);
    }
    requests.forEach((r) => r.destroy());
  });

  it('looks at an empty station only when poked or when the repeat is due', async () => {
    let listeners = 0;
    const looks: number[] = [];
    const seen: number[] = [];
    const announcer = new ListenersAnnouncer(
      () => {
        looks.push(Date.now());
        return listeners;
      },
      (n) => seen.push(n),
      EVERY_MS,
      EVERY_MS * 6,
    );
    announcer.start();
    cleanup.push(() => announcer.stop());
    await sleep(EVERY_MS * 4);
    // One look, which announced the empty station; none since.
    expect(looks).toHaveLength(1);
    expect(seen).toEqual([0]);

    // Someone arrives: looked at within an interval, however many pokes came.
    listeners = 2;
    const pokedAt = Date.now();
    for (let i = 0; i < 5; i++) announcer.poke();
    await sleep(EVERY_MS * 1.5);
    expect(looks).toHaveLength(2);
    expect(looks[1]! - pokedAt).toBeLessThan(EVERY_MS * 1.4);
    expect(seen).toEqual([0, 2]);

    // While anyone listens it looks every interval, and sees them go without being told.
    listeners = 0;
    await sleep(EVERY_MS * 1.5);
    expect(seen).toEqual([0, 2, 0]);
    const after = looks.length;
    await sleep(EVERY_MS * 3);
    expect(looks).toHaveLength(after);

    // Asleep, it still repeats the count when the repeat falls due.
    await sleep(EVERY_MS * 4);
    expect(seen).toEqual([0, 2, 0, 0]);
  });

  it('repeats an unchanged count now and then, for nodes that joined since', async () => {
    const seen: number[] = [];
    const announcer = new ListenersAnnouncer(
      () => 3,
      () => seen.push(Date.now()),
      10,
      100,
    );
    announcer.start();
    cleanup.push(() => announcer.stop());
    const deadline = Date.now() + 3000;
    while (seen.length < 2 && Date.now() < deadline) await sleep(10);
    expect(seen).toHaveLength(2);
    // Looked at every 10 ms, but said again only once the repeat interval has passed.
    expect(seen[1]! - seen[0]!).toBeGreaterThanOrEqual(100);
  });
});
