import { beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { seededRandom } from '../src/lib/random.js';
import { chooseWeighted, Scheduler, weightOf } from '../src/station/scheduler.js';
import { createSong, makePlayable, uniqueName } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);

let app: App;
let scheduler: Scheduler;

beforeEach(async () => {
  app = await createTestApp();
  scheduler = new Scheduler(app.ctx.repos.station, () => 12 * HOUR, seededRandom(7));
});

/** A song with a file on disk as far as the catalogue knows. */
async function playable(
  options: { artist?: string; lastPlayed?: number; votes?: [count: number, total: number] } = {},
) {
  const id = await createSong(app, { artists: [options.artist ?? uniqueName('Artist')] });
  await makePlayable(app, id, `aa/${id}.mp3`);
  await app.ctx.db
    .updateTable('songs')
    .set({
      status: 'active',
      last_played_at: options.lastPlayed ?? null,
      vote_count: options.votes?.[0] ?? 0,
      vote_total: options.votes?.[1] ?? 0,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

async function enqueue(songId: number, state = 'queued') {
  const row = await app.ctx.db
    .insertInto('queue_entries')
    .values({ song_id: songId, requested_by: null, requested_at: now(), state })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('the next track', () => {
  it('is the oldest queued entry; an entry without a playable file is closed and passed over', async () => {
    const first = await createSong(app); // no file
    const second = await playable();
    const third = await playable();
    const broken = await enqueue(first);
    const entry = await enqueue(second);
    await enqueue(third);
    const track = await scheduler.next(null);
    expect(track).toMatchObject({ queueId: entry, songId: second, length: 120, offset: 0 });
    const closed = await app.ctx.db
      .selectFrom('queue_entries')
      .select('state')
      .where('id', '=', broken)
      .executeTakeFirstOrThrow();
    expect(closed.state).toBe('skipped');
    // With the current track's entry excluded, the one after it comes next.
    expect((await scheduler.next(track))?.songId).toBe(third);
  });

  it('auto-DJ: only playable songs outside the lock window that are not queued', async () => {
    await createSong(app); // no file
    await playable({ lastPlayed: now() - HOUR }); // locked
    const queued = await playable();
    await enqueue(queued, 'playing');
    const eligible = await playable({ lastPlayed: now() - 13 * HOUR });
    for (let i = 0; i < 20; i++) {
      const track = await scheduler.next(null);
      expect(track).toMatchObject({ queueId: null, songId: eligible, requestedBy: null });
    }
  });

  it('auto-DJ: another artist than the last track when it can', async () => {
    const last = await playable({ artist: 'Same Artist', lastPlayed: now() - HOUR });
    await playable({ artist: 'Same Artist', votes: [10, 50] }); // better rated, same artist
    const other = await playable({ artist: 'Other Artist', votes: [10, 10] });
    const current = { queueId: null, songId: last } as Parameters<Scheduler['next']>[0];
    for (let i = 0; i < 20; i++) expect((await scheduler.next(current))?.songId).toBe(other);
  });

  it('auto-DJ: when every song is locked, the least recently played, so the station never stops', async () => {
    await playable({ lastPlayed: now() - 60 });
    const oldest = await playable({ lastPlayed: now() - 2 * HOUR });
    await playable({ lastPlayed: now() - HOUR });
    expect((await scheduler.next(null))?.songId).toBe(oldest);
  });

  it('nothing playable: no track', async () => {
    await createSong(app);
    expect(await scheduler.next(null)).toBeNull();
  });
});

describe('auto-DJ weighting', () => {
  it('favours better-rated songs while unrated ones keep a fair chance', () => {
    const candidates = [
      { id: 1, vote_count: 4, vote_total: 20, last_played_at: null }, // 5.0
      { id: 2, vote_count: 3, vote_total: 3, last_played_at: null }, // 1.0
      { id: 3, vote_count: 0, vote_total: 0, last_played_at: null }, // unrated
    ];
    const random = seededRandom(42);
    const picks = new Map<number, number>();
    for (let i = 0; i < 7000; i++) {
      const c = chooseWeighted(candidates, new Map(), [], random)!;
      picks.set(c.id, (picks.get(c.id) ?? 0) + 1);
    }
    // Weights 25 : 1 : 9 (the average squared; unrated counts as 3).
    expect(weightOf(candidates[0]!)).toBe(25);
    expect(weightOf(candidates[2]!)).toBe(9);
    expect(picks.get(1)! / 7000).toBeCloseTo(25 / 35, 1);
    expect(picks.get(3)! / 7000).toBeCloseTo(9 / 35, 1);
    expect(picks.get(2)!).toBeGreaterThan(100);
  });
});

describe('going on air', () => {
  it('writes the history row, marks the entry playing and counts the play, in one step', async () => {
    const song = await playable();
    const stale = await enqueue(await playable(), 'playing');
    const { queueId } = await app.ctx.repos.station.start(
      { queueId: null, songId: song, length: 90 },
      1000,
    );
    const entries = await app.ctx.db
      .selectFrom('queue_entries')
      .selectAll()
      .orderBy('id')
      .execute();
    expect(entries.find((e) => e.id === stale)?.state).toBe('played');
    expect(entries.find((e) => e.id === queueId)).toMatchObject({
      song_id: song,
      state: 'playing',
      started_at: 1000,
      requested_by: null,
    });
    const history = await app.ctx.db.selectFrom('play_history').selectAll().execute();
    expect(history).toMatchObject([
      { song_id: song, queue_id: queueId, started_at: 1000, length: 90 },
    ]);
    const row = await app.ctx.db
      .selectFrom('songs')
      .select(['play_count', 'last_played_at'])
      .where('id', '=', song)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ play_count: 1, last_played_at: 1000 });
  });

  it('resumes the entry on air after a restart, or closes it when its time is up', async () => {
    const song = await playable();
    const { queueId } = await app.ctx.repos.station.start(
      { queueId: null, songId: song, length: 120 },
      now() - 10,
    );
    const track = await scheduler.resume();
    expect(track).toMatchObject({ queueId, songId: song, length: 120 });
    expect(track!.offset).toBeGreaterThanOrEqual(9);
    expect(track!.offset).toBeLessThan(15);

    await app.ctx.db
      .updateTable('queue_entries')
      .set({ started_at: now() - 500 })
      .where('id', '=', queueId)
      .execute();
    expect(await scheduler.resume()).toBeNull();
    const entry = await app.ctx.db
      .selectFrom('queue_entries')
      .select('state')
      .where('id', '=', queueId)
      .executeTakeFirstOrThrow();
    expect(entry.state).toBe('played');
  });
});
