import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API, WebManifestSchema } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { createTestApp } from './helpers/test-app.js';

let app: App;
beforeAll(async () => {
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(web, 'banner-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await createTestApp({ env: { WEB_DIST: web, STATION_NAME: 'Night Owl Radio FM' } });
});

describe('health', () => {
  it('answers 200 when the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: app.ctx.engine, playout: 'off' });
  });
});

describe('web client', () => {
  it.each(['/', '/song/12', '/tags/a,b', '/artists/A', '/profile', '/search?q=x', '/inbox'])(
    'deep link %s answers the app page',
    async (url) => {
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
