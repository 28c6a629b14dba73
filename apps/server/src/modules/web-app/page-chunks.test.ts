import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGES } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES, pageModuleOf } from './page-chunks.js';

const ROUTER = fileURLToPath(new URL('../../../../web/src/app/router.tsx', import.meta.url));

describe('the page a path shows', () => {
  it.each([
    ['/', 'queue-page'],
    ['/song/7', 'song-page'],
    ['/song/7/', 'song-page'],
    ['/artists', 'artists-page'],
    ['/artists/A', 'artists-page'],
    ['/artist/3', 'artist-page'],
    ['/platform', 'platform-page'],
    ['/platform/Amiga%20500', 'platform-page'],
    ['/tags/a,b', 'tags-page'],
    ['/user/someone', 'user-page'],
    ['/schedule', 'schedule-page'],
    ['/admin/users', 'admin-users-page'],
    ['/song', 'not-found-page'],
    ['/song/7/votes', 'not-found-page'],
    ['/no/such/page', 'not-found-page'],
  ])('%s: %s', (pathname, module) => {
    expect(pageModuleOf(pathname)).toBe(module);
  });

  it("matches the web app's router: each route's lazy page module", () => {
    const router = fs.readFileSync(ROUTER, 'utf8');
    const modules = new Map(
      [...router.matchAll(/const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g)].map((m) => [
        m[1]!,
        path.basename(m[2]!),
      ]),
    );
    const patterns: Record<string, string> = Object.fromEntries(
      Object.entries(PAGES).map(([key, route]) => [`PAGES.${key}`, route.pattern]),
    );
    patterns.SCHEDULE_PAGE = '/schedule';
    const routed = [
      ...router.matchAll(/child\(([\w.]+)\)\} element=\{<(\w+) \/>\}/g),
      ...router.matchAll(/<Route index element=\{<(\w+) \/>\}/g),
    ].map((m) =>
      m.length === 3 ? [patterns[m[1]!], modules.get(m[2]!)] : ['/', modules.get(m[1]!)],
    );
    expect(routed.length).toBe(PAGE_MODULES.length);
    expect(new Set(routed.map(([p, m]) => `${p} ${m}`))).toEqual(
      new Set(PAGE_MODULES.map(([p, m]) => `${p} ${m}`)),
    );
  });
});
