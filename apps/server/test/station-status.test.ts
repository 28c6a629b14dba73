import http from 'node:http';
import { NowPlayingSchema } from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { listening } from './helpers/live-clients.js';
import { queueTones } from './helpers/queued-tones.js';
import { createTestApp } from './helpers/test-app.js';

/*
 * What other sites read of the station, from a station that plays: /api/nowplaying (open to
 * every origin, with an ETag) and Icecast's status JSON, with the listener count of a real MP3
 * listener. (Field by field against Icecast's own answer: icecast.test.ts.)
 */

let app: App;
let base: string;

beforeAll(async () => {
  const started = await listening({});
  app = started.app;
  base = `http://127.0.0.1:${started.port}`;
  await queueTones(app, [
    { title: 'Status One', artist: 'Widget Band', freq: 500, seconds: 30 },
    { title: 'Status Two', artist: 'Widget Band', freq: 600, seconds: 30 },
  ]);
  await app.ctx.station.start();
}, 60_000);

afterAll(async () => {
  await app.ctx.station.stop();
  await app.close();
});

async function nowPlaying(headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/nowplaying`, { headers });
  return { res, body: res.status === 200 ? NowPlayingSchema.parse(await res.json()) : null };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

describe('GET /api/nowplaying', () => {
  it('tells the track on air with its times, the next one, and absolute URLs', async () => {
    const { res, body } = await until(nowPlaying, ({ body }) => !!body?.now_playing);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const now = body!.now_playing!;
    expect(now.song).toMatchObject({ title: 'Status One', artist: 'Widget Band' });
    expect(now.song.artists).toEqual([{ id: expect.any(Number), name: 'Widget Band' }]);
    expect(now.song.url).toBe(`${base}/song/${now.song.id}`);
    expect(now.duration).toBeGreaterThan(29);
    expect(now.elapsed + now.remaining).toBeGreaterThanOrEqual(Math.floor(now.duration));
    expect(now.elapsed + now.remaining).toBeLessThanOrEqual(Math.ceil(now.duration) + 1);
    expect(now.started_at).toBeLessThan(body!.server_time + 1);
    expect(now.requested_by).toBeNull();
    expect(body!.next?.song.title).toBe('Status Two');
    expect(body!.next!.expected_start).toBeCloseTo(now.started_at + now.duration, 0);
    expect(body!.live).toBeNull();
    expect(body!.station.listen_urls).toEqual({
      mp3: `${base}/stream/live.mp3`,
      hls: `${base}/stream/live.m3u8`,
    });
    // The cover is there to fetch from another site.
    const art = await fetch(now.song.art_url!);
    expect(art.status).toBe(200);
    expect(art.headers.get('content-type')).toMatch(/^image\//);
  });

  it('answers 304 to a poll that changes nothing', async () => {
    // Within one second the answer is the same; a poll across a second's end may differ.
    for (let attempt = 0; ; attempt++) {
      const first = await nowPlaying();
      const etag = first.res.headers.get('etag');
      expect(etag).toBeTruthy();
      const again = await fetch(`${base}/api/nowplaying`, { headers: { 'if-none-match': etag! } });
      if (again.status === 304 || attempt === 4) {
        expect(again.status).toBe(304);
        expect(await again.text()).toBe('');
        break;
      }
    }
  });
});

describe('the listener count', () => {
  it('counts a real MP3 listener in both answers, and Icecast keeps its peak', async () => {
    const req = http.get(`${base}/stream/live.mp3`);
    req.on('error', () => undefined);
    const status = async () =>
      (await (await fetch(`${base}/status-json.xsl`)).json()) as {
        icestats: { source: { listeners: number; listener_peak: number; title: string } };
      };
    try {
      const joined = await until(nowPlaying, ({ body }) => body?.listeners === 1);
      expect(joined.body!.listeners).toBe(1);
      const { source } = (await status()).icestats;
      expect(source).toMatchObject({ listeners: 1, listener_peak: 1 });
      expect(source.title).toMatch(/^Widget Band - Status (One|Two)$/);
    } finally {
      req.destroy();
    }
    const left = await until(nowPlaying, ({ body }) => body?.listeners === 0);
    expect(left.body!.listeners).toBe(0);
    expect((await status()).icestats.source).toMatchObject({ listeners: 0, listener_peak: 1 });
  });
});

describe('GET /embed', () => {
  it('is a player any site may frame, unlike the rest of the site', async () => {
    const res = await fetch(`${base}/embed`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const policy = res.headers.get('content-security-policy')!;
    expect(policy).toContain('frame-ancestors *');
    expect(policy).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBeNull();
    const html = await res.text();
    expect(html).toContain('<script src="/embed.js" defer></script>');
    expect(html).toContain('data-nowplaying="/api/nowplaying" data-stream="/stream/live.mp3"');
    const script = await fetch(`${base}/embed.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('root.dataset.nowplaying');
    // Every other page keeps out of frames.
    const other = await fetch(`${base}/api/nowplaying`);
    expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(other.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('is framed only by the sites EMBED_ORIGINS names, and escapes the station name', async () => {
    const named = await createTestApp({
      env: {
        EMBED_ORIGINS: 'https://a.example, https://b.example:8443/',
        STATION_NAME: 'Night <b>Owl</b> "FM"',
      },
    });
    const res = await named.inject({ url: '/embed' });
    expect(res.headers['content-security-policy']).toContain(
      'frame-ancestors https://a.example https://b.example:8443;',
    );
    expect(res.body).toContain('<title>Night &lt;b&gt;Owl&lt;/b&gt; &quot;FM&quot; player</title>');
    expect(res.body).not.toContain('<b>Owl</b>');
  });

  it('refuses an EMBED_ORIGINS that is not origins', async () => {
    for (const bad of ['ftp://a.example', 'https://a.example/player', 'a.example']) {
      await expect(createTestApp({ env: { EMBED_ORIGINS: bad } })).rejects.toThrow(/EMBED_ORIGINS/);
    }
  });
});
