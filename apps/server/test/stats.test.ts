import http from 'node:http';
import { API } from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { App } from '../src/app.js';
import { DAY, HOUR, MINUTE, sessionBucket } from '../src/core/listener-stats.js';
import { StatsWritesRepo } from '../src/modules/stats/stats-writes.repo.js';
import { HLS_CLIENT_WINDOW_MS } from '../src/station/hls/hls-clients.js';
import { bearer, quickUser } from './helpers/factories.js';
import { connect, listening } from './helpers/live-clients.js';
import { queueTones } from './helpers/queued-tones.js';
import { until } from './helpers/until.js';

/*
 * The statistics from a station that plays, on the suite's engine: sessions and minute samples
 * from real MP3 and HLS listeners and an open page; each play's listeners; rollups equal to the
 * sums of the raw rows they come from; who may read them, and the ranges refused.
 */

let app: App;
let base: string;
let staff: string;

beforeAll(async () => {
  const started = await listening({});
  app = started.app;
  base = `http://127.0.0.1:${started.port}`;
  await queueTones(app, [
    { title: 'Stat One', artist: 'Counter', freq: 500, seconds: 3 },
    { title: 'Stat Two', artist: 'Counter', freq: 600, seconds: 30 },
  ]);
  await app.ctx.station.start();
  staff = (await quickUser(app, 'moderator')).token;
}, 60_000);

afterAll(async () => {
  await app.ctx.station.stop();
  await app.close();
});

/** Opens the MP3 stream as `userAgent` and reads it until closed. */
function mp3Listener(userAgent: string): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/stream/live.mp3`,
      { headers: { 'user-agent': userAgent } },
      (res) => {
        res.on('data', () => undefined);
        res.on('error', () => undefined);
        resolve(req);
      },
    );
    req.on('error', reject);
  });
}

const sessions = () =>
  app.ctx.db.selectFrom('listening_sessions').selectAll().orderBy('id').execute();

describe('what the station records', () => {
  it('samples each output once a minute and keeps MP3 and HLS sessions without the address', async () => {
    const vlc = await mp3Listener('VLC/3.0.20 LibVLC/3.0.20');
    const firefox = await mp3Listener(
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    );
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1';
    const playlist = await until('the HLS playlist', async () => {
      const res = await fetch(`${base}/stream/live.m3u8`, { headers: { 'user-agent': safari } });
      return res.ok ? res.text() : null;
    });
    const segment = playlist.split('\n').find((l) => l.endsWith('.ts'));
    expect(segment).toBeDefined();
    const fetched = await fetch(`${base}/stream/${segment}`, { headers: { 'user-agent': safari } });
    expect(fetched.status).toBe(200);
    await fetched.arrayBuffer();
    const page = await connect(`${base.replace('http', 'ws')}/ws`);
    try {
      await until('two MP3 listeners', () => app.ctx.station.mp3.count === 2);
      // The open page and the HLS client are each announced on the bus within a second, by
      // timers of their own, and summed: the sample holds both once both were heard.
      await until('the minute sampled with every output', async () => {
        await app.ctx.db.deleteFrom('listener_minutes').execute();
        await app.ctx.stats.minute();
        const row = await app.ctx.db.selectFrom('listener_minutes').selectAll().executeTakeFirst();
        return row && row.sites === 1 && row.hls === 1 && row;
      });
      const sample = await app.ctx.db
        .selectFrom('listener_minutes')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(sample).toMatchObject({ mp3: 2, hls: 1, relay: 0, sites: 1 });
      expect(Number(sample.minute) % MINUTE).toBe(0);
      expect(Math.abs(Number(sample.minute) - Date.now() / 1000)).toBeLessThan(120);
      // Written once: a second playout's sample of the same minute is not added.
      await app.ctx.stats.minute();
      expect(await app.ctx.db.selectFrom('listener_minutes').selectAll().execute()).toHaveLength(1);
    } finally {
      page.ws.close();
      vlc.destroy();
      firefox.destroy();
    }

    await until('both MP3 listeners gone', () => app.ctx.station.mp3.count === 0);
    // The HLS client's stay ends 30 s after its last fetch: looked at as if that much had passed.
    app.ctx.hlsListeners.clients.count(Date.now() + HLS_CLIENT_WINDOW_MS + 1000);
    await app.ctx.stats.flush();
    const rows = await sessions();
    expect(rows.map((r) => `${r.output} ${r.client}`).sort()).toEqual([
      'hls browser',
      'mp3 browser',
      'mp3 player',
    ]);
    for (const row of rows) {
      expect(Number(row.ended_at)).toBeGreaterThanOrEqual(Number(row.started_at));
      expect(row.duration).toBe(Number(row.ended_at) - Number(row.started_at));
      expect(row.visitor).toMatch(/^[\w-]{22}$/);
      expect(JSON.stringify(row)).not.toContain('127.0.0.1');
    }
    // One address, three user agents: three visitors, hashed with today's salt.
    expect(new Set(rows.map((r) => r.visitor)).size).toBe(3);
    const salts = await app.ctx.db.selectFrom('stats_salts').selectAll().execute();
    expect(salts).toHaveLength(1);
    expect(Number(salts[0]!.day) % DAY).toBe(0);
  }, 60_000);

  it("records each play's listeners at its start and at its end", async () => {
    await queueTones(app, [{ title: 'Stat Three', artist: 'Counter', freq: 700, seconds: 30 }]);
    const listener = await mp3Listener('foobar2000/2.1');
    try {
      await until('one listener, and no HLS client left', async () => {
        await new Promise((r) => setTimeout(r, 100));
        return app.ctx.station.listeners === 1;
      });
      const before = await app.ctx.db
        .selectFrom('play_history')
        .select('id')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      // Staff cut the track on air while the one listener listens: the queued tone follows.
      app.ctx.station.playout.skip();
      const plays = await until(
        'the next play with its listeners recorded',
        async () => {
          const rows = await app.ctx.db
            .selectFrom('play_history')
            .select(['id', 'listeners_start', 'listeners_end'])
            .where('id', '>=', before.id)
            .orderBy('id')
            .execute();
          return (
            rows.length === 2 &&
            rows[0]!.listeners_end !== null &&
            rows[1]!.listeners_start !== null &&
            rows
          );
        },
        20_000,
      );
      expect(plays[0]!.listeners_end).toBe(1);
      expect(plays[1]!.listeners_start).toBe(1);
    } finally {
      listener.destroy();
    }
  }, 30_000);
});

describe('the rollups', () => {
  it('equal the sums of the raw minutes and sessions, however often they run', async () => {
    const db = app.ctx.db;
    // The station's own minute (a second into each) rolls up today's sessions: between this
    // test's rollups it would move their starting day past the rows made here. It pauses.
    await app.ctx.stats.stop();
    onTestFinished(() => app.ctx.stats.start());
    // Only the rows made here: the rollups start again from their last period.
    for (const table of [
      'listener_minutes',
      'listener_hours',
      'listener_days',
      'listening_sessions',
      'session_days',
      'visitor_days',
    ] as const) {
      await db.deleteFrom(table).execute();
    }
    const repo = new StatsWritesRepo(db);
    const start = Math.floor(Date.UTC(2026, 0, 5, 22) / 1000); // two days from 22:00 UTC
    // The station plays on meanwhile: its own minute samples and hourly rollup land in these
    // tables at today's date. Only the rows before `ours` are this test's.
    const ours = start + 7 * DAY;
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const minutes = Array.from({ length: 2 * 24 * 60 }, (_, i) => ({
      minute: start + i * MINUTE,
      mp3: rand(50),
      relay: rand(5),
      hls: rand(30),
      sites: rand(20),
    })).filter(() => rand(10) > 0); // some minutes missing, as when the playout was down
    const firstHalf = minutes.filter((m) => m.minute < start + DAY);
    for (const m of firstHalf) await repo.recordMinute(m);
    await repo.rollup(start + DAY);
    for (const m of minutes.slice(firstHalf.length)) await repo.recordMinute(m);
    await repo.rollup(start + 2 * DAY);
    await repo.rollup(start + 2 * DAY);

    const sum = (rows: typeof minutes, size: number) => {
      const out = new Map<
        number,
        { samples: number; total: number; min: number; max: number; hls: number }
      >();
      for (const m of rows) {
        const key = m.minute - (m.minute % size);
        const total = m.mp3 + m.relay + m.hls + m.sites;
        const o = out.get(key) ?? { samples: 0, total: 0, min: Infinity, max: -Infinity, hls: 0 };
        o.samples++;
        o.total += total;
        o.min = Math.min(o.min, total);
        o.max = Math.max(o.max, total);
        o.hls += m.hls;
        out.set(key, o);
      }
      return [...out].sort((a, b) => a[0] - b[0]).map(([t, o]) => ({ t, ...o }));
    };
    const hours = await db
      .selectFrom('listener_hours')
      .selectAll()
      .where('hour', '<', ours)
      .orderBy('hour')
      .execute();
    expect(
      hours.map((h) => ({
        t: Number(h.hour),
        samples: h.samples,
        total: Number(h.total_sum),
        min: h.total_min,
        max: h.total_max,
        hls: Number(h.hls_sum),
      })),
    ).toEqual(sum(minutes, HOUR));
    const days = await db
      .selectFrom('listener_days')
      .selectAll()
      .where('day', '<', ours)
      .orderBy('day')
      .execute();
    expect(
      days.map((d) => ({
        t: Number(d.day),
        samples: d.samples,
        total: Number(d.total_sum),
        min: d.total_min,
        max: d.total_max,
        hls: Number(d.hls_sum),
      })),
    ).toEqual(sum(minutes, DAY));

    const raw = Array.from({ length: 400 }, (_, i) => {
      const duration = [5, 70, 400, 1000, 2000, 4000, 9000, 20_000][rand(8)]!;
      const ended = start + rand(2 * DAY);
      return {
        started_at: ended - duration,
        ended_at: ended,
        duration,
        output: ['mp3', 'hls'][rand(2)]!,
        client: ['browser', 'player', 'app'][rand(3)]!,
        visitor: `v${i % 37}`,
      };
    });
    await repo.recordSessions(raw.filter((s) => s.ended_at < start + DAY));
    await repo.rollup(start + DAY);
    await repo.recordSessions(raw.filter((s) => s.ended_at >= start + DAY));
    await repo.rollup(start + 2 * DAY);
    const expected = new Map<string, { sessions: number; seconds: number }>();
    for (const s of raw) {
      const key = `${s.ended_at - (s.ended_at % DAY)} ${s.output} ${s.client} ${sessionBucket(s.duration)}`;
      const e = expected.get(key) ?? { sessions: 0, seconds: 0 };
      e.sessions++;
      e.seconds += s.duration;
      expected.set(key, e);
    }
    const groups = await db
      .selectFrom('session_days')
      .selectAll()
      .where('day', '<', ours)
      .execute();
    expect(
      new Map(
        groups.map((g) => [
          `${Number(g.day)} ${g.output} ${g.client} ${g.bucket}`,
          { sessions: g.sessions, seconds: Number(g.seconds) },
        ]),
      ),
    ).toEqual(expected);
    const visitors = await db
      .selectFrom('visitor_days')
      .selectAll()
      .where('day', '<', ours)
      .orderBy('day')
      .execute();
    const perDay = new Map<number, Set<string>>();
    for (const s of raw) {
      const day = s.ended_at - (s.ended_at % DAY);
      perDay.set(day, (perDay.get(day) ?? new Set()).add(s.visitor));
    }
    expect(visitors.map((v) => [Number(v.day), v.visitors])).toEqual(
      [...perDay].sort((a, b) => a[0] - b[0]).map(([d, set]) => [d, set.size]),
    );

    // What the charts read is what the rollups hold.
    const res = await fetch(
      `${base}${API.statsSessions.path()}?from=${start}&to=${start + 2 * DAY}`,
      { headers: bearer(staff) },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { sessions: number; seconds: number; visitor_days: number };
    const inRange = raw.filter((s) => s.ended_at >= start - (start % DAY));
    expect(body.sessions).toBe(inRange.length);
    expect(body.seconds).toBe(inRange.reduce((n, s) => n + s.duration, 0));
    const series = await fetch(
      `${base}${API.statsListeners.path()}?from=${start}&to=${start + 7 * DAY}`,
      { headers: bearer(staff) },
    );
    const listeners = (await series.json()) as {
      resolution: string;
      points: { t: number; avg: number }[];
    };
    expect(listeners.resolution).toBe('hour');
    const byHour = sum(minutes, HOUR);
    expect(listeners.points.map((p) => p.t)).toEqual(byHour.map((h) => h.t));
    expect(listeners.points[3]!.avg).toBeCloseTo(byHour[3]!.total / byHour[3]!.samples, 2);

    // Raw rows past their days go; the rollups stay.
    await repo.prune(start + DAY);
    expect(
      (await db.selectFrom('listener_minutes').select('minute').execute()).every(
        (m) => Number(m.minute) >= start + DAY,
      ),
    ).toBe(true);
    expect(
      await db.selectFrom('listener_hours').selectAll().where('hour', '<', ours).execute(),
    ).toHaveLength(hours.length);
  }, 60_000);

  it('counts requests, votes and chat lines per hour from their own rows', async () => {
    const user = await quickUser(app);
    const chat = await fetch(`${base}${API.oneliner.path()}`, {
      method: 'POST',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'counted in the statistics' }),
    });
    expect(chat.status).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    await new StatsWritesRepo(app.ctx.db).rollup(now);
    const res = await fetch(
      `${base}${API.statsActivity.path()}?from=${now - DAY}&to=${now + HOUR}`,
      {
        headers: bearer(staff),
      },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      resolution: string;
      points: { t: number; chat_lines: number }[];
    };
    expect(body.resolution).toBe('hour');
    expect(body.points.find((p) => p.t === now - (now % HOUR))?.chat_lines).toBe(1);
    // Every hour of the range is there, the quiet ones as 0.
    const firstHour = now - DAY - ((now - DAY) % HOUR);
    expect(body.points).toHaveLength(Math.ceil((now + HOUR - firstHour) / HOUR));
    expect(body.points.every((p, i) => i === 0 || p.t - body.points[i - 1]!.t === HOUR)).toBe(true);
  });
});

describe('who reads the statistics', () => {
  it('staff only; a range over two years or ending before it starts is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const range = `?from=${now - DAY}&to=${now}`;
    expect((await fetch(`${base}${API.statsListeners.path()}${range}`)).status).toBe(401);
    const listener = await quickUser(app);
    const refused = await fetch(`${base}${API.statsListeners.path()}${range}`, {
      headers: bearer(listener.token),
    });
    expect(refused.status).toBe(403);
    const tooLong = await fetch(
      `${base}${API.statsListeners.path()}?from=${now - 3 * 365 * DAY}&to=${now}`,
      { headers: bearer(staff) },
    );
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: string }).error).toBe(
      'Choose a range of at most two years.',
    );
    const backwards = await fetch(`${base}${API.statsSessions.path()}?from=${now}&to=${now - 1}`, {
      headers: bearer(staff),
    });
    expect(backwards.status).toBe(400);
    const day = await fetch(`${base}${API.statsListeners.path()}${range}`, {
      headers: bearer(staff),
    });
    expect(((await day.json()) as { resolution: string }).resolution).toBe('minute');
  });
});
