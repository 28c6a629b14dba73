import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { frameLength } from '../src/station/mp3/mp3-frames.js';
import { icecastMissing, startIcecast, type RunningIcecast } from './helpers/icecast.js';
import { parseIcy } from './helpers/icy.js';
import { queueTones } from './helpers/queued-tones.js';
import { createTestApp } from './helpers/test-app.js';
import { SERVICES_REQUIRED as strict } from './helpers/services.js';

/*
 * The station as an Icecast source client (ICECAST_SOURCE_URL), against Debian's icecast2: a
 * listener of the Icecast mount hears the station's MP3, titled with each track's
 * StreamTitle. Without icecast2 (or root to start it as nobody) it is skipped, except in CI.
 */

const missing = icecastMissing();
if (missing && !strict) console.warn(`icecast.test.ts skipped: ${missing}`);

const MOUNT = '/queuecast.mp3';
let icecast: RunningIcecast | undefined;
let app: App | undefined;

beforeAll(async () => {
  if (missing) return;
  icecast = await startIcecast();
  app = await createTestApp({ env: { ICECAST_SOURCE_URL: icecast.sourceUrl(MOUNT) } });
  await queueTones(app, [
    { title: 'Relay A', artist: 'Artist A', freq: 600 },
    { title: 'Relay B', artist: 'Artist B', freq: 900 },
  ]);
  await app.ctx.station.start();
}, 60_000);

afterAll(async () => {
  await app?.ctx.station.stop();
  await icecast?.stop();
});

/** Listens to the Icecast mount with ICY metadata (retrying until the source is there). */
async function listenToIcecast(port: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`http://127.0.0.1:${port}${MOUNT}`, { headers: { 'Icy-MetaData': '1' } }, resolve)
        .on('error', reject),
    );
    if (res.statusCode === 200) {
      const bytes: Buffer[] = [];
      res.on('data', (d: Buffer) => bytes.push(d));
      res.on('error', () => undefined);
      return {
        metaint: Number(res.headers['icy-metaint']),
        headers: res.headers,
        bytes: () => Buffer.concat(bytes),
        stop: () => res.destroy(),
      };
    }
    res.resume();
    if (Date.now() > deadline) throw new Error(`Icecast answered ${res.statusCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(missing !== null && !strict)('MP3 through Icecast', () => {
  it.runIf(strict)('has icecast2 to run against (required in CI)', () => {
    expect(missing).toBeNull();
  });

  it("reaches Icecast's listeners with each track's StreamTitle", async () => {
    const listener = await listenToIcecast(icecast!.port);
    try {
      expect(listener.headers['content-type']).toBe('audio/mpeg');
      expect(listener.headers['icy-name']).toBe('Queuecast');
      expect(listener.metaint).toBeGreaterThan(0);
      const deadline = Date.now() + 20_000;
      let titles: string[] = [];
      while (Date.now() < deadline) {
        const { titles: seen } = parseIcy(listener.bytes(), listener.metaint);
        titles = [...new Set(seen.map((t) => t.title).filter((t): t is string => !!t))];
        if (titles.includes('Artist B - Relay B')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(titles).toContain('Artist A - Relay A');
      expect(titles).toContain('Artist B - Relay B');
      expect(titles.indexOf('Artist A - Relay A')).toBeLessThan(
        titles.indexOf('Artist B - Relay B'),
      );
      // The audio between the titles is the station's MP3: whole frames, one after another.
      const { audio } = parseIcy(listener.bytes(), listener.metaint);
      let at = audio.findIndex(
        (_, i) => frameLength(audio, i) > 0 && frameLength(audio, i + frameLength(audio, i)) > 0,
      );
      expect(at).toBeGreaterThanOrEqual(0);
      let frames = 0;
      while (at + 4 < audio.length && frameLength(audio, at) > 0) {
        at += frameLength(audio, at);
        frames++;
      }
      expect(frames).toBeGreaterThan(100);
      expect(app!.ctx.station.icecast!.bytesSent).toBeGreaterThan(16_000);
    } finally {
      listener.stop();
    }
  }, 40_000);
});

describe.skipIf(missing !== null && !strict)("status-json.xsl beside Icecast's own", () => {
  it('says what Icecast says of the same stream, field by field', async () => {
    // A long track, so that both are read while it plays.
    await queueTones(app!, [{ title: 'Relay C', artist: 'Artist C', freq: 700, seconds: 30 }]);
    const ours = async () =>
      (await app!.inject({ url: '/status-json.xsl' })).json<{ icestats: IceStats }>().icestats;
    const theirs = async () => {
      const res = await fetch(`http://127.0.0.1:${icecast!.port}/status-json.xsl`);
      return ((await res.json()) as { icestats: IceStats }).icestats;
    };
    const deadline = Date.now() + 30_000;
    let mine = await ours();
    let real = await theirs();
    while (
      Date.now() < deadline &&
      !(mine.source.title === 'Artist C - Relay C' && real.source?.title === 'Artist C - Relay C')
    ) {
      await new Promise((r) => setTimeout(r, 250));
      [mine, real] = [await ours(), await theirs()];
    }
    console.log(
      `status-json.xsl: ours ${JSON.stringify(mine)}\n  Icecast's ${JSON.stringify(real)}`,
    );
    const source = real.source;
    // Every field Icecast writes for the mount is there, with the same type.
    for (const [key, value] of Object.entries(source)) {
      expect(mine.source, key).toHaveProperty(key);
      expect(typeof mine.source[key], key).toBe(typeof value);
    }
    for (const key of Object.keys(real)) expect(mine, key).toHaveProperty(key);
    // The same values where both describe the stream (the listen URL and dates are each
    // server's own; the artist is ours alone, Icecast's MP3 metadata has only the title).
    for (const key of [
      'title',
      'server_name',
      'server_description',
      'genre',
      'server_type',
      'bitrate',
      'listeners',
    ]) {
      expect(mine.source[key], key).toEqual(source[key]);
    }
    expect(mine.source.artist).toBe('Artist C');
    for (const date of ['stream_start_iso8601', 'server_start_iso8601'] as const) {
      const at = date === 'stream_start_iso8601' ? mine.source[date] : mine[date];
      expect(String(at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}$/);
    }
    expect(String(mine.source.stream_start)).toMatch(
      /^[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d [+-]\d{4}$/,
    );
  }, 60_000);
});

interface IceStats {
  source: Record<string, unknown> & { title?: string };
  [key: string]: unknown;
}

describe('ICECAST_PUBLIC_URL', () => {
  it('sends MP3 listeners to the Icecast mount, which the page may then play', async () => {
    const publicUrl = 'https://relay.example.net:8443/queuecast.mp3';
    const relayed = await createTestApp({ env: { ICECAST_PUBLIC_URL: publicUrl } });
    const res = await relayed.inject({ url: '/stream/live.mp3' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(publicUrl);
    const csp = String(
      (await relayed.inject({ url: '/healthz' })).headers['content-security-policy'],
    );
    expect(csp).toMatch(/media-src 'self' blob: https:\/\/relay\.example\.net:8443;/);
  });
});
