import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { createSong, quickUser } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

/** The starter script, as the built index.html carries it (any body: its hash is what counts). */
const STARTER =
  "\n(function (paths) { window.started = paths; })(document.documentElement.getAttribute('data-early'));\n";
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Queuecast</title>\n' +
  `<script>${STARTER}</script>\n` +
  '<script type="module" crossorigin src="/assets/shell-abc.js"></script>' +
  '</head><body><div id="root"></div></body></html>';

/** What the web build lists per page: a song's chunk, the login's, and the sidebar's. */
const PAGE_ASSETS = {
  always: [
    '/assets/now-playing-panel-a1.js',
    '/assets/now-playing-panel-a2.css',
    '/assets/common-c1.js',
  ],
  pages: {
    song: ['/assets/song-page-s1.js', '/assets/song-page-s2.css', '/assets/common-c1.js'],
    login: ['/assets/login-page-l1.js', '/assets/../../etc/passwd', 'javascript:alert(1)'],
  },
};

let app: App;
let songId: number;
let waiting: number;
beforeAll(async () => {
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(web, 'page-assets.json'), JSON.stringify(PAGE_ASSETS));
  app = await createTestApp({ env: { WEB_DIST: web } });
  songId = await createSong(app, { title: 'Neon Dream', artists: ['Lazerhawk'] });
  waiting = await createSong(app, { title: 'Not reviewed yet' });
  const adder = await quickUser(app);
  await app.ctx.db
    .updateTable('songs')
    .set({ reviewed: 0, added_by: adder.id })
    .where('id', '=', waiting)
    .execute();
});

const page = (url: string) => app.inject({ method: 'GET', url });
const earlyOf = (html: string) => /<html [^>]*data-early="([^"]*)"/.exec(html)?.[1] ?? null;

describe("a page's first API reads, named in its HTML", () => {
  it('names the read its first screen makes, and each answers as the page would ask it', async () => {
    const { id } = await quickUser(app);
    const user = await app.ctx.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const cases: [string, string][] = [
      [`/song/${songId}`, `/api/song/${songId}`],
      [`/user/${user.username}`, `/api/profile/${user.username}`],
      ['/artists/l', '/api/artists/L'],
      ['/artists/0-9', '/api/artists/0-9'],
      ['/search?q=%20neon%20dream%20', '/api/search?q=neon%20dream'],
    ];
    for (const [url, read] of cases) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(earlyOf(res.body), url).toBe(read);
      const answer = await app.inject({ method: 'GET', url: read });
      expect(answer.statusCode, read).toBe(200);
    }
    const found = await app.inject({ method: 'GET', url: `/api/search?q=neon%20dream` });
    expect(found.json<{ songs: { song: { id: number } }[] }>().songs[0]?.song.id).toBe(songId);
  });

  it('names none where there is nothing to read, or nothing there', async () => {
    for (const url of [
      '/',
      '/login',
      '/artists',
      '/artists/%C3%A9',
      '/search',
      '/search?q=%20',
      `/search?q=${'a'.repeat(201)}`,
      '/song/0',
      '/song/abc',
      '/song/99999999999',
      '/song/2000000000',
      `/song/${waiting}`,
      '/user/nobody-has-this-name',
      '/user/%E0%A4%A',
    ]) {
      const res = await page(url);
      expect(earlyOf(res.body), url).toBeNull();
    }
    // Not there: the page answers 404 and reads nothing early (its own read would ask again).
    expect((await page('/song/2000000000')).statusCode).toBe(404);
    expect((await page(`/song/${waiting}`)).statusCode).toBe(404);
  });

  it('escapes what it writes into the attribute', async () => {
    const res = await page('/search?q=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(earlyOf(res.body)).toBe('/api/search?q=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E');
  });

  it("lets the page's own inline script run, by its hash, and no other inline script", async () => {
    const res = await page(`/song/${songId}`);
    const policy = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1];
    const hash = createHash('sha256').update(STARTER).digest('base64');
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    // The API's answers keep the plain policy.
    const api = await app.inject({ method: 'GET', url: `/api/song/${songId}` });
    expect(String(api.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
  });
});

describe("a page's chunks, named in its HTML", () => {
  const preloads = (html: string) =>
    [
      ...html.matchAll(
        /<link rel="(modulepreload|preload)"(?: as="style")? crossorigin href="([^"]+)" \/>/g,
      ),
    ].map(([, rel, href]) => `${rel === 'modulepreload' ? 'js' : 'css'} ${href}`);

  it("preloads the page's own chunk and the sidebar's, each file once", async () => {
    expect(preloads((await page(`/song/${songId}`)).body)).toEqual([
      'js /assets/song-page-s1.js',
      'css /assets/song-page-s2.css',
      'js /assets/common-c1.js',
      'js /assets/now-playing-panel-a1.js',
      'css /assets/now-playing-panel-a2.css',
    ]);
  });

  it('names only files of the build, and the sidebar alone for a page the list does not name', async () => {
    expect(preloads((await page('/login')).body)).toEqual([
      'js /assets/login-page-l1.js',
      'js /assets/now-playing-panel-a1.js',
      'css /assets/now-playing-panel-a2.css',
      'js /assets/common-c1.js',
    ]);
    expect(preloads((await page('/schedule')).body)).toEqual([
      'js /assets/now-playing-panel-a1.js',
      'css /assets/now-playing-panel-a2.css',
      'js /assets/common-c1.js',
    ]);
  });
});
