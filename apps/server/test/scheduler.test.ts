import { beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { seededRandom } from '../src/lib/random.js';
import { chooseWeighted, Scheduler, weightOf } from '../src/station/playout/scheduler.js';
import { createSong, makePlayable, uniqueName } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';
import { until } from './helpers/until.js';

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

/** A song by `artist` played `ago` seconds ago: its history row and its lock. */
async function played(artist: string, ago: number) {
  const id = await playable({ artist, lastPlayed: now() - ago });
  await app.ctx.db
    .insertInto('play_history')
    .values({
      song_id: id,
      queue_id: null,
      requested_by: null,
      started_at: now() - ago,
      length: 120,
    })
    .execute();
  return id;
}

const onAir = (songId: number) => ({ queueId: null, songId }) as Parameters<Scheduler['next']>[0];

async function artistOf(songId: number) {
  const row = await app.ctx.db
    .selectFrom('song_artists as sa')
    .innerJoin('artists as a', 'a.id', 'sa.artist_id')
    .select('a.name')
    .where('sa.song_id', '=', songId)
    .executeTakeFirstOrThrow();
  return row.name;
}

describe('auto-DJ artist spacing', () => {
  it('plays no artist of the last three songs while the library allows it', async () => {
    await played('Delta', 4 * 600);
    await played('Alpha', 3 * 600);
    await played('Bravo', 2 * 600);
    const last = await played('Charlie', 600);
    // Unplayed, better rated songs by the three artists just heard, and two others.
    for (const artist of ['Alpha', 'Bravo', 'Charlie']) await playable({ artist, votes: [4, 20] });
    const fresh = [await playable({ artist: 'Delta' }), await playable({ artist: 'Echo' })];
    const recent = await app.ctx.repos.station.recentPlays(3);
    expect(await Promise.all(recent.map((p) => artistOf(p.songId)))).toEqual([
      'Charlie',
      'Bravo',
      'Alpha',
    ]);
    const picks = new Set<number>();
    for (let i = 0; i < 30; i++) picks.add((await scheduler.next(onAir(last)))!.songId);
    expect([...picks].sort()).toEqual(fresh.sort());
    // With a spacing of 1, only the artist on air is kept out.
    const close = new Scheduler(
      app.ctx.repos.station,
      () => 12 * HOUR,
      seededRandom(3),
      undefined,
      1,
    );
    const artists = new Set<string>();
    for (let i = 0; i < 40; i++)
      artists.add(await artistOf((await close.next(onAir(last)))!.songId));
    expect([...artists].sort()).toEqual(['Alpha', 'Bravo', 'Delta', 'Echo']);
  });

  it('a library too small for the spacing keeps as much of it as it can, down to none', async () => {
    await played('Alpha', 1200);
    const last = await played('Bravo', 600);
    const alpha = await playable({ artist: 'Alpha', votes: [1, 1] });
    const bravo = await playable({ artist: 'Bravo', votes: [4, 20] });
    // Alpha was heard two songs back, Bravo is on air: Alpha's song, whatever the ratings.
    for (let i = 0; i < 20; i++) expect((await scheduler.next(onAir(last)))?.songId).toBe(alpha);
    // Only Bravo is left to play: the station plays it rather than fall silent.
    await app.ctx.db
      .updateTable('songs')
      .set({ status: 'unplayable' })
      .where('id', '=', alpha)
      .execute();
    expect((await scheduler.next(onAir(last)))?.songId).toBe(bravo);
  });

  it('a request may break the spacing', async () => {
    const last = await played('Alpha', 600);
    await playable({ artist: 'Bravo' });
    const again = await playable({ artist: 'Alpha' });
    const entry = await enqueue(again);
    expect(await scheduler.next(onAir(last))).toMatchObject({ queueId: entry, songId: again });
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
      const c = chooseWeighted(candidates, new Map(), [], 3, random)!;
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

describe('with the database unreachable', () => {
  it('the auto-DJ plays on from the songs it knows, avoiding its last picks', async () => {
    const songs = [await playable(), await playable(), await playable(), await playable()];
    let down = false;
    const gone = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    // The real repository, each call refused while `down` is set.
    const repo = new Proxy(app.ctx.repos.station, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) =>
          down
            ? Promise.reject(gone())
            : (value as (...a: unknown[]) => unknown).apply(target, args);
      },
    });
    const riding = new Scheduler(repo, () => 0, seededRandom(3));
    const first = await riding.next(null);
    expect(songs).toContain(first?.songId);
    await until('the reserve filled', () => riding.reserveSize === songs.length);

    down = true;
    const picks: number[] = [];
    let current = first;
    for (let i = 0; i < 3; i++) {
      current = await riding.next(current);
      expect(current).toMatchObject({ queueId: null, offset: 0, startedAt: null });
      picks.push(current!.songId);
    }
    // Four songs known: three picks, none the one before it or a repeat of a recent pick.
    expect(new Set([first!.songId, ...picks]).size).toBe(4);

    // With nothing known, the outage is the caller's.
    const empty = new Scheduler(repo, () => 0, seededRandom(3));
    await expect(empty.next(null)).rejects.toThrow('ECONNREFUSED');
  });
});
