import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from '../../bus/memory-bus.js';
import { fixedClock } from '../../core/clock.js';
import { QueueSlots, type QueueSlot } from './queue-slots.js';

const slot = (song_id: number): QueueSlot => ({
  song_id,
  state: 'queued',
  started_at: null,
  length: 180,
  h_length: 0,
  h_skip: 0,
});

function setup() {
  const queue: QueueSlot[] = [slot(1)];
  let reads = 0;
  let fail = false;
  const clock = fixedClock(1_000);
  const bus = new MemoryEventBus();
  const slots = new QueueSlots(() => {
    reads++;
    return fail ? Promise.reject(new Error('database away')) : Promise.resolve([...queue]);
  }, clock);
  slots.follow(bus);
  return { queue, clock, bus, slots, reads: () => reads, failNext: (f: boolean) => (fail = f) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('QueueSlots', () => {
  it('reads the queue once for the lists of the same second', async () => {
    const { slots, reads } = setup();
    expect(await slots.current()).toEqual([slot(1)]);
    expect(await slots.current()).toEqual([slot(1)]);
    expect(reads()).toBe(1);
  });

  it('reads again after a change on the bus, and after a second without one', async () => {
    const { slots, queue, bus, clock, reads } = setup();
    await slots.current();
    queue.push(slot(2));
    bus.publish({ type: 'queue.changed' });
    await settle();
    expect((await slots.current()).map((s) => s.song_id)).toEqual([1, 2]);
    queue.shift();
    bus.publish({
      type: 'track.started',
      song_id: 2,
      queue_id: 2,
      requested_by: null,
      started_at: 1_000,
      exact_start: 1_000,
    });
    await settle();
    expect((await slots.current()).map((s) => s.song_id)).toEqual([2]);
    queue.push(slot(3));
    expect((await slots.current()).map((s) => s.song_id)).toEqual([2]);
    clock.advance(1);
    expect((await slots.current()).map((s) => s.song_id)).toEqual([2, 3]);
    expect(reads()).toBe(4);
  });

  it('a fresh read sees the queue at once, and a failed read is not kept', async () => {
    const { slots, queue, failNext, reads } = setup();
    await slots.current();
    queue.push(slot(2));
    expect((await slots.current(true)).map((s) => s.song_id)).toEqual([1, 2]);
    failNext(true);
    await expect(slots.current(true)).rejects.toThrow('database away');
    failNext(false);
    expect((await slots.current()).map((s) => s.song_id)).toEqual([1, 2]);
    expect(reads()).toBe(4);
  });
});
