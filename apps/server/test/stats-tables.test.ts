import { API } from '@queuecast/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { DAY, HOUR } from '../src/core/listener-stats.js';
import { seededRandom } from '../src/lib/random.js';
import { StatsTotalsRepo } from '../src/modules/stats/stats-totals.repo.js';
import { StatsWritesRepo } from '../src/modules/stats/stats-writes.repo.js';
import { bearer, createSong, quickUser } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

/*
 * The statistics' tables on the suite's engine, from plays, votes, requests and chat lines
 * written for a known week: the tops by each measure, the people, the busiest hours in a time
 * zone, the CSV of each panel equal to its table, and the panels an admin makes public.
 */

let app: App;
let staff: string;
let admin: string;
let listener: { id: number; token: string };
const start = Math.floor(Date.UTC(2026, 2, 2) / 1000); // Monday 2 March 2026, 00:00 UTC
const range = { from: start, to: start + 7 * DAY };
let songs: { a: number; b: number; c: number };
let people: { ann: { id: number; token: string }; bob: { id: number; token: string } };

const get = async <T>(url: string, token?: string) => {
  const res = await app.inject({ url, headers: token ? bearer(token) : {} });
  const json = /json/.test(String(res.headers['content-type']));
  return {
    status: res.statusCode,
    body: (json ? res.json<T>() : undefined) as T,
    text: res.body,
    headers: res.headers,
  };
};

beforeAll(async () => {
  app = await createTestApp();
  staff = (await quickUser(app, 'helper')).token;
  admin = (await quickUser(app, 'admin')).token;
  listener = await quickUser(app);
  people = { ann: await quickUser(app), bob: await quickUser(app) };
  songs = {
    a: await createSong(app, {
      title: 'Alpha',
      artists: ['Duo One', 'Duo Two'],
      platform: 'Amiga',
    }),
    b: await createSong(app, { title: '=Beta', artists: ['Duo One'], platform: 'C64' }),
    c: await createSong(app, { title: 'Gamma, "the third"', artists: ['Solo'], platform: 'Amiga' }),
  };
  const db = app.ctx.db;
  // Plays: Alpha ×3 (one requested by Ann, gains +2, +1, -1), =Beta ×2 (both requested by Bob,
  // gains +5 and unknown), Gamma ×1 (auto-DJ, gain 0). One play outside the week.
  const plays = [
    { song: songs.a, at: start + HOUR, by: people.ann.id, l: [10, 12] },
    { song: songs.a, at: start + 2 * HOUR, by: null, l: [12, 13] },
    { song: songs.a, at: start + DAY + 5 * HOUR, by: null, l: [13, 12] },
    { song: songs.b, at: start + 2 * DAY, by: people.bob.id, l: [3, 8] },
    { song: songs.b, at: start + 3 * DAY, by: people.bob.id, l: [null, null] },
    { song: songs.c, at: start + 4 * DAY, by: null, l: [7, 7] },
    { song: songs.c, at: start + 9 * DAY, by: people.ann.id, l: [0, 50] },
  ];
  for (const p of plays) {
    const entry = await db
      .insertInto('queue_entries')
      .values({
        song_id: p.song,
        requested_by: p.by,
        requested_at: p.at - 60,
        state: 'played',
        started_at: p.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('play_history')
      .values({
        song_id: p.song,
        queue_id: entry.id,
        requested_by: p.by,
        started_at: p.at,
        length: 120,
        listeners_start: p.l[0],
        listeners_end: p.l[1],
      })
      .execute();
  }
  // Votes: Gamma gets three, Alpha one, =Beta none.
  for (const [user, song] of [
    [people.ann.id, songs.c],
    [people.bob.id, songs.c],
    [listener.id, songs.c],
    [people.ann.id, songs.a],
  ] as const) {
    await db
      .insertInto('votes')
      .values({ user_id: user, song_id: song, vote: 4, created_at: start + 3 * HOUR })
      .execute();
  }
  // Chat: Bob three lines, Ann one.
  for (const user of [people.bob.id, people.bob.id, people.bob.id, people.ann.id]) {
    await db
      .insertInto('oneliner_messages')
      .values({ user_id: user, message: 'hi', created_at: start + 6 * HOUR })
      .execute();
  }
  // Listeners: Mondays 09:00 UTC (10:00 in Berlin) are busy, the rest quiet.
  const writes = new StatsWritesRepo(db);
  for (let m = 0; m < 7 * 24 * 60; m += 30) {
    const at = start + m * 60;
    const busy = (at - start) % (7 * DAY) >= 9 * HOUR && (at - start) % (7 * DAY) < 10 * HOUR;
    await writes.recordMinute({ minute: at, mp3: busy ? 40 : 4, relay: 0, hls: 0, sites: 0 });
  }
  await writes.rollup(start + 7 * DAY);
}, 60_000);

afterAll(async () => {
  await app.close();
});

type Top = {
  rows: {
    id: number;
    name: string;
    plays: number;
    requests: number;
    votes: number;
    gain: number;
  }[];
};

describe('the top tables', () => {
  it('rank songs, artists and platforms by plays, requests, votes and listener gain', async () => {
    const top = (kind: string, by: string) =>
      get<Top>(API.statsTop.path({ ...range, kind, by }), staff).then((r) => r.body.rows);
    const songsByPlays = await top('songs', 'plays');
    expect(songsByPlays).toEqual([
      { id: songs.a, name: 'Alpha', plays: 3, requests: 1, votes: 1, gain: 2 },
      { id: songs.b, name: '=Beta', plays: 2, requests: 2, votes: 0, gain: 5 },
      { id: songs.c, name: 'Gamma, "the third"', plays: 1, requests: 0, votes: 3, gain: 0 },
    ]);
    expect((await top('songs', 'requests')).map((r) => r.name)).toEqual([
      '=Beta',
      'Alpha',
      'Gamma, "the third"',
    ]);
    expect((await top('songs', 'votes')).map((r) => [r.name, r.votes, r.plays])).toEqual([
      ['Gamma, "the third"', 3, 1],
      ['Alpha', 1, 3],
    ]);
    expect((await top('songs', 'gain')).map((r) => r.name)).toEqual([
      '=Beta',
      'Alpha',
      'Gamma, "the third"',
    ]);
    // Duo One plays on Alpha and =Beta; Duo Two on Alpha only.
    expect((await top('artists', 'plays')).map((r) => [r.name, r.plays, r.gain])).toEqual([
      ['Duo One', 5, 7],
      ['Duo Two', 3, 2],
      ['Solo', 1, 0],
    ]);
    expect((await top('platforms', 'plays')).map((r) => [r.name, r.plays, r.votes])).toEqual([
      ['Amiga', 4, 4],
      ['C64', 2, 0],
    ]);
  });

  it('name the people who requested and chatted most', async () => {
    const { body } = await get<{
      requesters: { id: number; count: number }[];
      chatters: { id: number; count: number }[];
    }>(API.statsPeople.path(range), staff);
    expect(body.requesters.map((r) => [r.id, r.count])).toEqual([
      [people.bob.id, 2],
      [people.ann.id, 1],
    ]);
    expect(body.chatters.map((r) => [r.id, r.count])).toEqual([
      [people.bob.id, 3],
      [people.ann.id, 1],
    ]);
  });
});

describe('the busiest hours', () => {
  it('average each weekday and hour in the time zone asked for', async () => {
    const utc = await get<{ cells: (number | null)[][] }>(API.statsHeatmap.path(range), staff);
    expect(utc.body.cells).toHaveLength(7);
    expect(utc.body.cells[0]![9]).toBe(40);
    expect(utc.body.cells[0]![10]).toBe(4);
    const berlin = await get<{ cells: (number | null)[][] }>(
      API.statsHeatmap.path({ ...range, tz: 'Europe/Berlin' }),
      staff,
    );
    expect(berlin.body.cells[0]![10]).toBe(40);
    expect(berlin.body.cells[0]![9]).toBe(4);
    // Four weeks on, Berlin is on summer time (from 29 March): a busy hour at 08:00 UTC on
    // Monday 30 March is 10:00 there too, and the two busy Mondays share one cell.
    const later = start + 28 * DAY;
    const writes = new StatsWritesRepo(app.ctx.db);
    for (let m = 0; m < 24 * 60; m += 30) {
      const busy = m >= 8 * 60 && m < 9 * 60;
      await writes.recordMinute({
        minute: later + m * 60,
        mp3: busy ? 40 : 4,
        relay: 0,
        hls: 0,
        sites: 0,
      });
    }
    await writes.rollup(later + DAY);
    const both = await get<{ cells: (number | null)[][] }>(
      API.statsHeatmap.path({ from: start, to: later + DAY, tz: 'Europe/Berlin' }),
      staff,
    );
    expect(both.body.cells[0]![10]).toBe(40);
    expect(both.body.cells[0]![9]).toBe(4);
    expect(both.body.cells[0]![11]).toBe(4);
    // Hours with no samples (the weeks between) leave no mark: Tuesday is the first week's.
    expect(both.body.cells[1]![10]).toBe(4);
    const unknown = await get<{ error: string }>(
      API.statsHeatmap.path({ ...range, tz: 'Mars/Olympus' }),
      staff,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Unknown time zone.');
  });
});

describe('activity', () => {
  it('over a long range is summed by day, as its hours are', async () => {
    const hourly = await get<{ resolution: string; points: Point[] }>(
      API.statsActivity.path(range),
      staff,
    );
    expect(hourly.body.resolution).toBe('hour');
    const long = { from: start - 60 * DAY, to: start + 7 * DAY };
    const daily = await get<{ resolution: string; points: Point[] }>(
      API.statsActivity.path(long),
      staff,
    );
    expect(daily.body.resolution).toBe('day');
    expect(daily.body.points).toHaveLength(67);
    const byDay = new Map<number, Point>();
    for (const p of hourly.body.points) {
      const day = p.t - (p.t % DAY);
      const sum = byDay.get(day) ?? { t: day, requests: 0, votes: 0, chat_lines: 0 };
      sum.requests += p.requests;
      sum.votes += p.votes;
      sum.chat_lines += p.chat_lines;
      byDay.set(day, sum);
    }
    const first = daily.body.points.find((p) => p.t === start);
    expect(first).toEqual(byDay.get(start));
    expect(first!.votes + first!.chat_lines + first!.requests).toBeGreaterThan(0);
    expect(daily.body.points.filter((p) => p.t >= start)).toEqual(
      [...byDay.values()].sort((x, y) => x.t - y.t),
    );
  });
});

type Point = { t: number; requests: number; votes: number; chat_lines: number };

describe('CSV', () => {
  it("holds each panel's table, names escaped", async () => {
    const top = await get<Top>(API.statsTop.path({ ...range, kind: 'songs', by: 'plays' }), staff);
    const csv = await get<unknown>(API.statsCsv.path({ ...range, panel: 'top_songs' }), staff);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="top_songs-2026-03-02.csv"',
    );
    const rows = parse<Record<string, string>>(csv.text, { columns: true });
    // A name that would start a formula is written with a quote in front.
    expect(rows.map((r) => ({ ...r, name: r.name!.replace(/^'/, '') }))).toEqual(
      top.body.rows.map((r, i) => ({
        rank: String(i + 1),
        id: String(r.id),
        name: r.name,
        plays: String(r.plays),
        requests: String(r.requests),
        votes: String(r.votes),
        gain: String(r.gain),
      })),
    );
    expect(rows[1]!.name).toBe("'=Beta");

    const series = await get<{ points: { t: number; avg: number; max: number }[] }>(
      API.statsListeners.path(range),
      staff,
    );
    const listenersCsv = await get(API.statsCsv.path({ ...range, panel: 'listeners' }), staff);
    const listeners = parse<Record<string, string>>(listenersCsv.text, { columns: true });
    expect(listeners).toHaveLength(series.body.points.length);
    expect(
      listeners.map((r) => [Date.parse(r.time!) / 1000, Number(r.average), Number(r.max)]),
    ).toEqual(series.body.points.map((p) => [p.t, p.avg, p.max]));
  });
});

describe('public panels', () => {
  it('are chosen by an admin; others stay staff only', async () => {
    const url = API.statsTop.path({ ...range, kind: 'songs' });
    expect((await get(url)).status).toBe(401);
    expect((await get(url, listener.token)).status).toBe(403);
    const put = await app.inject({
      method: 'PUT',
      url: API.statsPanels.path(),
      headers: bearer(admin),
      payload: { public: ['top_songs', 'chatters', 'top_songs'] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ public: ['top_songs', 'chatters'] });
    const refused = await app.inject({
      method: 'PUT',
      url: API.statsPanels.path(),
      headers: bearer(admin),
      payload: { public: ['everything'] },
    });
    expect(refused.statusCode).toBe(400);
    expect((await get<{ public: string[] }>(API.statsPanels.path())).body.public).toEqual([
      'top_songs',
      'chatters',
    ]);
    expect((await get(url)).status).toBe(200);
    expect((await get(API.statsTop.path({ ...range, kind: 'artists' }))).status).toBe(401);
    expect((await get(API.statsListeners.path(range), listener.token)).status).toBe(403);
    // The people panel shows the public only what was made public: chatters, not requesters.
    const public_ = await get<{ requesters: unknown[]; chatters: unknown[] }>(
      API.statsPeople.path(range),
    );
    expect(public_.status).toBe(200);
    expect(public_.body.requesters).toEqual([]);
    expect(public_.body.chatters).toHaveLength(2);
    await app.inject({
      method: 'PUT',
      url: API.statsPanels.path(),
      headers: bearer(admin),
      payload: { public: [] },
    });
    expect((await get(url)).status).toBe(401);
  });
});

describe('the running totals by week', () => {
  it('sum everything before each week as the raw rows do, and read with the edges give the same tables', async () => {
    const db = app.ctx.db;
    const rnd = seededRandom(36);
    const fans = [await quickUser(app), await quickUser(app), await quickUser(app)];
    const ids = [songs.a, songs.b, songs.c];
    const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
    // Plays, requests and chat lines from mid-December 2025 to mid-April 2026 (March stays the
    // week's above), and each fan's votes on some of the songs.
    const first = Date.UTC(2025, 11, 10) / 1000;
    for (let i = 0; i < 120; i++) {
      const at = first + Math.floor(rnd() * 125 * DAY);
      if (at >= start - 2 * DAY && at < start + 30 * DAY) continue;
      const by = rnd() < 0.4 ? pick(fans).id : null;
      const song = pick(ids);
      const entry = await db
        .insertInto('queue_entries')
        .values({
          song_id: song,
          requested_by: by,
          requested_at: at - 30,
          state: 'played',
          started_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const l0 = Math.floor(rnd() * 20);
      await db
        .insertInto('play_history')
        .values({
          song_id: song,
          queue_id: entry.id,
          requested_by: by,
          started_at: at,
          length: 120,
          listeners_start: l0,
          listeners_end: rnd() < 0.1 ? null : l0 + Math.floor(rnd() * 9) - 4,
        })
        .execute();
      if (rnd() < 0.5) {
        await db
          .insertInto('oneliner_messages')
          .values({ user_id: pick(fans).id, message: 'month', created_at: at + 5 })
          .execute();
      }
    }
    for (const fan of fans) {
      for (const song of ids) {
        if (rnd() < 0.3) continue;
        const at = first + Math.floor(rnd() * 125 * DAY);
        await db
          .insertInto('votes')
          .values({ user_id: fan.id, song_id: song, vote: 3, created_at: at })
          .execute();
      }
    }
    // Listening sessions by day, output, client and length, as the minute's rollup keeps them.
    for (let day = Date.UTC(2025, 11, 10) / 1000; day < Date.UTC(2026, 3, 14) / 1000; day += DAY) {
      for (const output of ['mp3', 'hls']) {
        for (const client of ['browser', 'app']) {
          if (rnd() < 0.4) continue;
          const sessions = 1 + Math.floor(rnd() * 9);
          await db
            .insertInto('session_days')
            .values({
              day,
              output,
              client,
              bucket: Math.floor(rnd() * 8),
              sessions,
              seconds: sessions * Math.floor(rnd() * 3600),
            })
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      }
    }
    const ranges = [
      { from: first + 5 * DAY + 3 * HOUR, to: Date.UTC(2026, 3, 12, 7) / 1000 },
      { from: Date.UTC(2026, 0, 1) / 1000, to: Date.UTC(2026, 3, 1) / 1000 },
      { from: Date.UTC(2026, 0, 20) / 1000, to: Date.UTC(2026, 1, 10) / 1000 },
    ];
    const tables = async () => {
      const out: unknown[] = [];
      for (const r of ranges) {
        for (const kind of ['songs', 'artists', 'platforms'] as const) {
          for (const by of ['plays', 'requests', 'votes', 'gain'] as const) {
            out.push((await get<Top>(API.statsTop.path({ ...r, kind, by }), staff)).body.rows);
          }
        }
        out.push((await get(API.statsPeople.path(r), staff)).body);
        out.push((await get(API.statsSessions.path(r), staff)).body);
        out.push((await get(API.statsCsv.path({ ...r, panel: 'top_songs' }), staff)).text);
      }
      return out;
    };
    const raw = await tables();
    const totals = new StatsTotalsRepo(db);
    expect(await totals.through()).toBe(0);
    // Monday 2026-04-27, half an hour in: the week that ended then waits.
    await totals.rollup(Date.UTC(2026, 3, 27, 0, 30) / 1000);
    expect(await totals.through()).toBe(Date.UTC(2026, 3, 20) / 1000);
    const rolled = await db.selectFrom('song_totals').selectAll().execute();
    // From the week of the first play (Monday 2025-12-08): the ends of its 19 weeks.
    const ends = new Set(rolled.map((r) => Number(r.week)));
    expect(ends.size).toBe(19);
    expect(Math.min(...ends)).toBe(Date.UTC(2025, 11, 15) / 1000);
    // The totals before each week's end are the raw rows before it.
    for (const end of ends) {
      const plays = await db
        .selectFrom('play_history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('started_at', '<', end)
        .executeTakeFirstOrThrow();
      const votes = await db
        .selectFrom('votes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('created_at', '<', end)
        .executeTakeFirstOrThrow();
      const at = rolled.filter((r) => Number(r.week) === end);
      const label = new Date(end * 1000).toISOString();
      expect(
        at.reduce((n, r) => n + r.plays, 0),
        label,
      ).toBe(Number(plays.n));
      expect(
        at.reduce((n, r) => n + r.votes, 0),
        label,
      ).toBe(Number(votes.n));
    }
    expect(await tables()).toEqual(raw);
    // Rolled up again, a week is replaced, not added to.
    await db.deleteFrom('settings').where('key', '=', 'stats_totals_through').execute();
    await totals.rollup(Date.UTC(2026, 3, 27, 2) / 1000);
    expect(await tables()).toEqual(raw);
  }, 60_000);
});
