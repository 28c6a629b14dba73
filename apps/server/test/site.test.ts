import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { API, WebManifestSchema } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { createSong, quickUser } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

/** A built client's index.html, as Vite writes it: a title and a description of its own. */
const INDEX_HTML =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Queuecast</title>\n' +
  '<meta name="description" content="Live radio." /></head><body><div id="root"></div></body></html>';
/** A script big enough to be worth compressing, with its build-time brotli and gzip copies. */
const BIG_SCRIPT = `console.log(${JSON.stringify('la '.repeat(2000))});`;

/** An emoji of the set, bigger than the compression threshold. */
const EMOJI_SVG = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(100)}</svg>`;

let app: App;
let songId: number;
beforeAll(async () => {
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(web, 'assets', 'big-abc123.js'), BIG_SCRIPT);
  fs.writeFileSync(
    path.join(web, 'assets', 'big-abc123.js.br'),
    zlib.brotliCompressSync(BIG_SCRIPT),
  );
  fs.writeFileSync(path.join(web, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(BIG_SCRIPT));
  fs.writeFileSync(path.join(web, 'banner-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(web, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  fs.mkdirSync(path.join(web, 'assets', 'twemoji-15.0.0'));
  fs.writeFileSync(path.join(web, 'assets', 'twemoji-15.0.0', '1f600.svg'), EMOJI_SVG);
  app = await createTestApp({ env: { WEB_DIST: web, STATION_NAME: 'Night Owl Radio FM' } });
  songId = await createSong(app, {
    title: 'Neon Dream',
    artists: ['Lazerhawk'],
    platform: 'Amiga',
  });
});

describe('health', () => {
  it('/healthz: the process answers (liveness)', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: app.ctx.engine, playout: 'off' });
  });

  it('/readyz: each check; a playout candidate whose playout has not started is not ready', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      ready: false,
      database: { ok: true, ms: expect.any(Number) },
      redis: null,
      playout: { ok: false, state: 'off', error: 'The playout is off.' },
      hls: null,
    });
  });
});

describe('web client', () => {
  it.each(['/', '/song/{id}', '/tags/a,b', '/artists/A', '/profile', '/search?q=x', '/inbox'])(
    'deep link %s answers the app page',
    async (link) => {
      const url = link.replace('{id}', String(songId));
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with a long cache and static files as they are', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const banner = await app.inject({ method: 'GET', url: '/banner-1.svg' });
    expect(banner.headers['content-type']).toContain('image/svg+xml');
  });

  it('serves the web app manifest named after the station', async () => {
    const res = await app.inject({ method: 'GET', url: API.webManifest.path() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = WebManifestSchema.parse(res.json());
    expect(manifest.name).toBe('Night Owl Radio FM');
    // Whole words that fit under an icon on a home screen.
    expect(manifest.short_name).toBe('Night Owl');
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    const icons = manifest.icons.map((i) => `${i.src} ${i.sizes} ${i.type} ${i.purpose}`);
    expect(icons).toEqual(
      expect.arrayContaining([
        '/icon-192.png 192x192 image/png any',
        '/icon-512.png 512x512 image/png any',
        '/icon-maskable-512.png 512x512 image/png maskable',
        '/favicon.svg any image/svg+xml any',
      ]),
    );
  });

  it('keeps server paths out of the fallback', async () => {
    for (const url of ['/api/nothing', '/api', '/stream/none.m3u8']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toContain('Not found');
    }
  });

  it('answers 405 with Allow for another method on a page of the site or the live socket', async () => {
    for (const [method, url, allow] of [
      ['POST', '/song/12', 'GET, HEAD'],
      ['OPTIONS', '/', 'GET, HEAD'],
      ['DELETE', '/assets/app.abc123.js', 'GET, HEAD'],
      ['POST', '/ws', 'GET'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow).toBe(allow);
      expect(res.json().error).toBe(
        `${method} is not allowed here; use ${allow.split(', ').join(' or ')}.`,
      );
    }
    // A server path that does not exist stays 404 whatever the method.
    expect((await app.inject({ method: 'POST', url: '/api/nothing' })).statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

/** The `content` of a head tag such as `property="og:title"`, as the page sends it. */
function metaOf(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html);
  return match ? match[1]! : null;
}

describe('what a page says before any script runs', () => {
  it("a song's page: its title, description and link-preview tags, from the server", async () => {
    const res = await app.inject({ method: 'GET', url: `/song/${songId}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Lazerhawk – Neon Dream · Night Owl Radio FM</title>');
    expect(metaOf(html, 'og:title')).toBe('Lazerhawk – Neon Dream · Night Owl Radio FM');
    expect(metaOf(html, 'og:type')).toBe('music.song');
    expect(metaOf(html, 'description')).toMatch(/^Lazerhawk – Neon Dream \(Amiga, 2:00\)\. /);
    expect(metaOf(html, 'og:image')).toBe('http://localhost:80/cover-512.png');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    // One description: the build's own is replaced, not added to.
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<div id="root"></div>');
  });

  it('a song page is unfurled by oEmbed: found in its head, open to every origin', async () => {
    const page = await app.inject({ method: 'GET', url: `/song/${songId}` });
    const link =
      /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)" title="([^"]+)" \/>/.exec(
        page.body,
      );
    expect(link?.[2]).toBe('Lazerhawk – Neon Dream · Night Owl Radio FM');
    const href = new URL(link![1]!.replaceAll('&amp;', '&'));
    expect(href.pathname).toBe('/api/oembed');
    expect(href.searchParams.get('url')).toBe(`http://localhost:80/song/${songId}`);
    const res = await app.inject({ method: 'GET', url: href.pathname + href.search });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({
      version: '1.0',
      type: 'link',
      title: 'Neon Dream',
      author_name: 'Lazerhawk',
      provider_name: 'Night Owl Radio FM',
      provider_url: 'http://localhost:80/',
      cache_age: 3600,
      thumbnail_url: 'http://localhost:80/cover-512.png',
      thumbnail_width: 512,
      thumbnail_height: 512,
    });
    const ask = (query: Record<string, string>) =>
      app.inject({ url: `/api/oembed?${new URLSearchParams(query).toString()}` });
    const own = `http://localhost:80/song/${songId}`;
    const xml = await ask({ url: own, format: 'xml' });
    expect(xml.statusCode).toBe(400);
    expect(xml.json<{ error: string }>().error).toMatch(/Only format=json is offered\./);
    // Not a song page of this station, or not one anonymous visitors may see: 404.
    const waiting = await createSong(app, { title: 'Waiting for review' });
    const user = await quickUser(app);
    await app.ctx.db
      .updateTable('songs')
      .set({ reviewed: 0, added_by: user.id })
      .where('id', '=', waiting)
      .execute();
    for (const url of [
      `https://elsewhere.example/song/${songId}`,
      'http://localhost:80/artist/1',
      'http://localhost:80/song/2000000000',
      `http://localhost:80/song/${waiting}`,
      'not a url',
    ]) {
      const res = await ask({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ error: string }>().error).toBe('No song page of this station at that URL.');
    }
  });

  it('preloads the first picture a page shows: the banner the page starts with, a cover', async () => {
    const queue = await app.inject({ method: 'GET', url: '/' });
    const banner = /<html data-banner="(\d)">/.exec(queue.body);
    expect(banner).not.toBeNull();
    const first = `/banner-${Number(banner![1]) + 1}.svg`;
    // The queue page shows the banner on every screen; other pages on a wide one only.
    expect(queue.body).toContain(
      `<link rel="preload" as="image" href="${first}" fetchpriority="high" />`,
    );
    const song = await app.inject({ method: 'GET', url: `/song/${songId}` });
    expect(song.body).toContain(
      `<link rel="preload" as="image" href="/api/art/placeholder/${songId}.svg?size=512" fetchpriority="high" />`,
    );
    expect(song.body).toMatch(
      /<link rel="preload" as="image" href="\/banner-\d\.svg" fetchpriority="high" media="\(min-width: 721px\)" \/>/,
    );
    // Each answer picks again.
    const firsts = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const page = await app.inject({ method: 'GET', url: '/' });
      firsts.add(/data-banner="(\d)"/.exec(page.body)![1]!);
    }
    expect(firsts.size).toBeGreaterThan(1);
  });

  it('escapes what users wrote: a title can close no tag and open no script', async () => {
    const evil = await createSong(app, { title: 'Bad"</title><script>alert(1)</script>&' });
    const res = await app.inject({ method: 'GET', url: `/song/${evil}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('Bad&quot;&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
  });

  it("an artist's and a user's page describe them", async () => {
    const artist = await app.ctx.db
      .selectFrom('artists')
      .select('id')
      .where('name', '=', 'Lazerhawk')
      .executeTakeFirstOrThrow();
    const artistPage = await app.inject({ method: 'GET', url: `/artist/${artist.id}` });
    expect(artistPage.statusCode).toBe(200);
    expect(metaOf(artistPage.body, 'description')).toMatch(/^Lazerhawk: 1 song on Night Owl/);
    const user = await quickUser(app);
    const { username } = await app.ctx.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const userPage = await app.inject({ method: 'GET', url: `/user/${username}` });
    expect(userPage.statusCode).toBe(200);
    expect(metaOf(userPage.body, 'og:type')).toBe('profile');
    expect(userPage.body).toContain(`<title>${username} · Night Owl Radio FM</title>`);
  });

  it.each(['/song/999999', '/song/0', '/song/abc', '/artist/999999', '/user/nobody-here'])(
    '%s: the app page with a 404 status and noindex, never a blank page',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
      expect(metaOf(res.body, 'robots')).toBe('noindex');
      expect(res.body).toMatch(/<title>(Song|Artist|User) not found · Night Owl Radio FM<\/title>/);
    },
  );

  it('the site address for links is STATION_URL when set', async () => {
    const web = path.dirname(path.join(app.ctx.config.webDist!, 'index.html'));
    const other = await createTestApp({
      env: { WEB_DIST: web, STATION_URL: 'https://radio.example/about' },
    });
    const res = await other.inject({ method: 'GET', url: '/' });
    expect(metaOf(res.body, 'og:url')).toBe('https://radio.example/');
    expect(metaOf(res.body, 'og:image')).toBe('https://radio.example/cover-512.png');
  });

  it('robots.txt is the file, not the app page', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('User-agent: *\nAllow: /\n');
  });
});

describe('the emoji set', () => {
  it('is served from its folder by one route, cached for a year, compressed when asked', async () => {
    const url = '/assets/twemoji-15.0.0/1f600.svg';
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(EMOJI_SVG);
    // No route per file: the set's thousands of files would cost start-up time and memory.
    expect(app.hasRoute({ method: 'GET', url })).toBe(false);
    expect(app.hasRoute({ method: 'GET', url: '/assets/app-abc123.js' })).toBe(true);
  });

  it('a missing asset is a 404, never the app page in place of a script', async () => {
    for (const url of ['/assets/twemoji-15.0.0/ffff.svg', '/assets/old-chunk-123.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });
});

describe('compression', () => {
  it("sends a built asset's brotli or gzip copy to a client that takes it", async () => {
    const url = '/assets/big-abc123.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('compresses API answers of 1 KiB or more on the fly; smaller ones go as they are', async () => {
    for (let i = 0; i < 30; i++) await createSong(app, { title: `Compressible song ${i}` });
    const headers = { 'accept-encoding': 'br' };
    const big = await app.inject({ method: 'GET', url: '/api/search?q=compressible', headers });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const songs = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()) as unknown;
    expect(JSON.stringify(songs).length).toBeGreaterThan(1024);
    const small = await app.inject({ method: 'GET', url: '/healthz', headers });
    expect(small.headers['content-encoding']).toBeUndefined();
    // The app page is rendered per request (its head tags take it past 1 KiB): compressed too.
    const page = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(page.rawPayload).toString()).toContain('<div id="root"></div>');
  });
});

describe('OpenAPI', () => {
  it('documents the routes from the contract', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const signup = doc.paths['/api/auth/signup'].post;
    expect(signup.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['username', 'password']),
    );
    expect(doc.paths['/api/auth/change-password'].put.security).toEqual([{ bearer: [] }]);
  });

  it('serves a docs page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});
