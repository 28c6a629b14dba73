import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from '../../bus/memory-bus.js';
import { ExactStarts } from './exact-starts.js';

const started = (songId: number, startedAt: number, exact: number) =>
  ({
    type: 'track.started',
    song_id: songId,
    queue_id: null,
    requested_by: null,
    started_at: startedAt,
    exact_start: exact,
  }) as const;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ExactStarts', () => {
  it('keeps the millisecond start a track was announced with, even when it is resumed', async () => {
    const bus = new MemoryEventBus();
    const starts = new ExactStarts(bus);
    bus.publish(started(1, 100, 100.374));
    await settle();
    expect(starts.of(1, 100)).toBe(100.374);
    // The playout restarted (or moved node) and resumed the same track from its stored second.
    bus.publish(started(1, 100, 100));
    await settle();
    expect(starts.of(1, 100)).toBe(100.374);
    // Unknown tracks answer their stored second; a later play of the song is a new start.
    expect(starts.of(2, 50)).toBe(50);
    bus.publish(started(1, 200, 200));
    await settle();
    expect(starts.of(1, 200)).toBe(200);
    starts.stop();
  });
});
