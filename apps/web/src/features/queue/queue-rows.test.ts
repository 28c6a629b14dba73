import type { LiveShow, PastShow } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { isShowRow, type TableRow } from '../../components/table-song';
import { createQueueSong } from '../../test/factories';
import { queueRows } from './queue-rows';

/** Songs by id, shows as `show<session>` (`*` on air). */
const ids = (rows: TableRow[]) =>
  rows.map((r) => (isShowRow(r) ? `show${r.show.session_id}${r.onAir ? '*' : ''}` : r.id));

const past = (session_id: number, started_at: number): PastShow => ({
  session_id,
  show: `Show ${session_id}`,
  dj: 'deejay',
  started_at,
  ended_at: started_at + 50,
  titles: [],
});

describe('queueRows', () => {
  const upcoming = [1, 2, 3].map((id) => createQueueSong(id, { source: 'upcoming', queue_id: id }));
  const now = createQueueSong(4, { source: 'now', isNowPlaying: true, queue_id: 10 });
  const history = [5, 6].map((id) =>
    createQueueSong(id, { source: 'history', start_time: 100 - id, played_at: 100 - id }),
  );

  it('puts the queue reversed above the song on air, then the history as given', () => {
    const rows = queueRows({ queue: upcoming, now_playing: now, history });
    expect(ids(rows)).toEqual([3, 2, 1, 4, 5, 6]);
  });

  it('leaves the update as it was', () => {
    queueRows({ queue: upcoming, now_playing: now, history });
    expect(upcoming.map((s) => s.id)).toEqual([1, 2, 3]);
  });

  it('puts the station’s own next pick just above the song on air', () => {
    const pick = createQueueSong(7, { source: 'upcoming', up_next: true, position: 1 });
    const rows = queueRows({ queue: [pick], now_playing: now, history });
    expect(ids(rows)).toEqual([7, 4, 5, 6]);
    expect(isShowRow(rows[0]!) ? null : rows[0]!.up_next).toBe(true);
  });

  it('skips the song on air when the station is silent', () => {
    expect(ids(queueRows({ queue: [], now_playing: null, history }))).toEqual([5, 6]);
  });

  it('puts the live show on air where the song on air goes, the requests above it', () => {
    const live: LiveShow = {
      session_id: 9,
      show: 'Night Moves',
      dj: 'deejay',
      state: 'live',
      started_at: 200,
      title: null,
      titles: [],
    };
    const rows = queueRows({ queue: upcoming, now_playing: null, history, live, shows: [] });
    expect(ids(rows)).toEqual([3, 2, 1, 'show9*', 5, 6]);
  });

  it('puts ended shows among the played songs by their start, newest first', () => {
    const played = [50, 40, 30].map((t) =>
      createQueueSong(t, { source: 'history', start_time: t, played_at: t }),
    );
    // Out of order, one between songs, one newer than all, one older than all, one at a tie.
    const shows = [past(1, 35), past(2, 60), past(3, 10), past(4, 40)];
    const rows = queueRows({ queue: [], now_playing: now, history: played, live: null, shows });
    expect(ids(rows)).toEqual([4, 'show2', 50, 'show4', 40, 'show1', 30, 'show3']);
  });
});
