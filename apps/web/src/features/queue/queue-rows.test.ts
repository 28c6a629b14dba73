import { describe, expect, it } from 'vitest';
import { createQueueSong } from '../../test/factories';
import { queueRows } from './queue-rows';

describe('queueRows', () => {
  const upcoming = [1, 2, 3].map((id) => createQueueSong(id, { source: 'upcoming', queue_id: id }));
  const now = createQueueSong(4, { source: 'now', isNowPlaying: true, queue_id: 10 });
  const history = [5, 6].map((id) =>
    createQueueSong(id, { source: 'history', start_time: 100 - id, played_at: 100 - id }),
  );

  it('puts the queue reversed above the song on air, then the history as given', () => {
    const rows = queueRows({ queue: upcoming, now_playing: now, history });
    expect(rows.map((s) => s.id)).toEqual([3, 2, 1, 4, 5, 6]);
  });

  it('leaves the update as it was', () => {
    queueRows({ queue: upcoming, now_playing: now, history });
    expect(upcoming.map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it('puts the station’s own next pick just above the song on air', () => {
    const pick = createQueueSong(7, { source: 'upcoming', up_next: true, position: 1 });
    const rows = queueRows({ queue: [pick], now_playing: now, history });
    expect(rows.map((s) => s.id)).toEqual([7, 4, 5, 6]);
    expect(rows[0]!.up_next).toBe(true);
  });

  it('skips the song on air when the station is silent', () => {
    expect(queueRows({ queue: [], now_playing: null, history }).map((s) => s.id)).toEqual([5, 6]);
  });
});
