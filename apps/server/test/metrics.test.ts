import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { API } from '@queuecast/contract';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, quickUser } from './helpers/factories.js';
import { listening } from './helpers/live-clients.js';
import { queueTones } from './helpers/queued-tones.js';
import { until } from './helpers/until.js';
import { REDIS_URL, redisReachable, SERVICES_REQUIRED } from './helpers/services.js';
import { createTestApp } from './helpers/test-app.js';

/*
 * /metrics scraped over a real socket from a station that plays, with a real MP3 listener, a
 * request and a chat line: checked by Prometheus' own parser and linter (promtool, required in
 * CI) and read with a text-format parser; who may read it; Redis' round trip where a bus runs on
 * it.
 */

const PROMTOOL = '/usr/bin/promtool';
const promtoolMissing = fs.existsSync(PROMTOOL)
  ? null
  : `${PROMTOOL} is not installed (apt-get install prometheus)`;

let app: App;
let base: string;
let songId: number;

beforeAll(async () => {
  const started = await listening({});
  app = started.app;
  base = `http://127.0.0.1:${started.port}`;
  [songId] = (await queueTones(app, [
    { title: 'Metric Tone', artist: 'Gauge', freq: 520, seconds: 30 },
  ])) as [number];
  await app.ctx.station.start();
}, 60_000);

afterAll(async () => {
  await app.ctx.station.stop();
  await app.close();
});

/** Scrapes /metrics; its text must pass Prometheus' own parser and linter (promtool). */
async function scrape(): Promise<{ text: string; metrics: Map<string, MetricFamily> }> {
  const res = await fetch(`${base}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  const families = parsePrometheusTextFormat(text);
  return { text, metrics: new Map(families.map((f) => [f.name, f])) };
}

/** What `promtool check metrics` says of `text`: 0 clean, 1 unparsable, 3 lint findings. */
function promtool(text: string): { status: number | null; report: string } {
  const run = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
  return { status: run.status, report: `${run.stdout}${run.stderr}`.trim() };
}

const value = (family: MetricFamily | undefined, labels: Record<string, string> = {}) => {
  const sample = family?.metrics.find((m) =>
    Object.entries(labels).every(([k, v]) => m.labels?.[k] === v),
  );
  return sample?.value === undefined ? undefined : Number(sample.value);
};

describe('GET /metrics', () => {
  it('tells listeners by output, HTTP by route, actions, the playout and the database', async () => {
    const mp3 = http.get(`${base}/stream/live.mp3`);
    mp3.on('error', () => undefined);
    try {
      const user = await quickUser(app);
      const chat = await fetch(`${base}${API.oneliner.path()}`, {
        method: 'POST',
        headers: { ...bearer(user.token), 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'counted' }),
      });
      expect(chat.status).toBe(200);
      for (let i = 0; i < 3; i++)
        expect((await fetch(`${base}/api/song/${songId}`)).status).toBe(200);
      // The listener is counted once the connection is up.
      let { text, metrics } = await scrape();
      const mp3Listeners = () => value(metrics.get('queuecast_listeners'), { output: 'mp3' });
      for (let i = 0; i < 50 && mp3Listeners() !== 1; i++) {
        await new Promise((r) => setTimeout(r, 100));
        ({ text, metrics } = await scrape());
      }
      if (promtoolMissing) console.warn(`promtool check skipped: ${promtoolMissing}`);
      else {
        // Parsed (a parse error is status 1); the only lint findings are prom-client's own
        // Node.js gauges named `_total`, none of the station's.
        const { status, report } = promtool(text);
        expect(status, report).not.toBe(1);
        const findings = report.split('\n').filter(Boolean);
        expect(findings.filter((line) => !line.startsWith('nodejs_'))).toEqual([]);
      }
      expect(metrics.get('queuecast_listeners')?.type).toBe('GAUGE');
      expect(value(metrics.get('queuecast_listeners'), { output: 'mp3' })).toBe(1);
      expect(value(metrics.get('queuecast_listeners'), { output: 'hls' })).toBe(0);
      expect(value(metrics.get('queuecast_live_sockets'))).toBe(0);
      expect(value(metrics.get('queuecast_listener_actions_total'), { action: 'chat' })).toBe(1);
      expect(value(metrics.get('queuecast_listener_actions_total'), { action: 'request' })).toBe(0);

      // A histogram's series, by the text itself (the parser above flattens labelled ones):
      // one series per route pattern, never per URL.
      expect(metrics.get('queuecast_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
      expect(text).toMatch(
        /^queuecast_http_request_duration_seconds_count\{method="GET",route="\/api\/song\/:id",status="200"\} 3$/m,
      );
      expect(text).not.toContain(`/api/song/${songId}`);

      expect(value(metrics.get('queuecast_database_up'))).toBe(1);
      expect(value(metrics.get('queuecast_database_ping_seconds'))).toBeGreaterThan(0);
      expect(value(metrics.get('queuecast_encoder_restarts'))).toBe(0);
      expect(value(metrics.get('queuecast_playout_tick_lag_seconds'))).toBeGreaterThanOrEqual(0);
      expect(value(metrics.get('process_resident_memory_bytes'))).toBeGreaterThan(10e6);
      expect(metrics.has('queuecast_redis_up')).toBe(false);
    } finally {
      mp3.destroy();
    }
  });

  it('answers private addresses only, without a token', async () => {
    const from = (remoteAddress: string) => app.inject({ url: API.metrics.path(), remoteAddress });
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.9',
      '::1',
      'fd00::7',
    ]) {
      expect((await from(address)).statusCode, address).toBe(200);
    }
    for (const address of ['203.0.113.5', '172.32.0.1', '2001:db8::1', '::ffff:8.8.8.8']) {
      const res = await from(address);
      expect(res.statusCode, address).toBe(403);
      expect(res.json<{ error: string }>().error).toMatch(/private addresses only/);
    }
  });

  it('asks everyone for METRICS_TOKEN when one is set', async () => {
    const token = 'a-metrics-token-of-some-length';
    const guarded = await createTestApp({ env: { METRICS_TOKEN: token } });
    const get = (authorization?: string) =>
      guarded.inject({
        url: API.metrics.path(),
        remoteAddress: '203.0.113.5',
        headers: authorization ? { authorization } : {},
      });
    expect((await get()).statusCode).toBe(401);
    expect((await get('Bearer not-the-token')).statusCode).toBe(401);
    expect((await get(`Bearer ${token}`)).statusCode).toBe(200);
    const local = await guarded.inject({ url: API.metrics.path(), remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(401);
  });
});

const redis = await redisReachable();
describe.skipIf(!redis && !SERVICES_REQUIRED)('with a Redis bus', () => {
  it("times Redis' round trip", async () => {
    const withRedis = await createTestApp({ env: { REDIS_URL } });
    const scrape = async () => {
      const res = await withRedis.inject({ url: API.metrics.path() });
      return new Map(parsePrometheusTextFormat(res.body).map((f) => [f.name, f]));
    };
    // The app answers before its Redis connections are up (a scrape then says 0, truthfully);
    // each scrape pings again, at most once a second.
    const metrics = await until(
      'Redis up',
      async () => {
        const m = await scrape();
        return value(m.get('queuecast_redis_up')) === 1 && m;
      },
      10_000,
    );
    expect(value(metrics.get('queuecast_redis_ping_seconds'))).toBeGreaterThan(0);
  });
});
