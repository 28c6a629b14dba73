import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryEventBus } from '../../bus/memory-bus.js';
import { HlsListeners } from './hls-listeners.js';

afterEach(() => vi.useRealTimers());

describe('HlsListeners', async () => {
  it('sums the HLS clients every node counted, and forgets a node that stopped reporting', async () => {
    vi.useFakeTimers();
    const bus = new MemoryEventBus();
    const a = new HlsListeners(bus, Date.now, 'node-a');
    const b = new HlsListeners(bus, Date.now, 'node-b');
    a.start();
    b.start();
    a.clients.touch('10.0.0.1', 'player');
    a.clients.touch('10.0.0.2', 'player');
    b.clients.touch('10.0.0.3', 'player');
    await vi.advanceTimersByTimeAsync(1000);
    expect(a.total()).toBe(3);
    expect(b.total()).toBe(3);

    // B's process dies: it reports nothing more, and A drops its count after 45 s.
    b.stop();
    a.clients.touch('10.0.0.1', 'player');
    a.clients.touch('10.0.0.2', 'player');
    await vi.advanceTimersByTimeAsync(20_000);
    a.clients.touch('10.0.0.1', 'player');
    a.clients.touch('10.0.0.2', 'player');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(a.total()).toBe(3);
    a.clients.touch('10.0.0.1', 'player');
    a.clients.touch('10.0.0.2', 'player');
    await vi.advanceTimersByTimeAsync(6000);
    expect(a.total()).toBe(2);
    a.stop();
  });
});
