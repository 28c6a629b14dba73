import fs from 'node:fs';
import path from 'node:path';
import { PAGES } from '@queuecast/contract';
import { escapeHtml } from './page-head.js';

/** A page's own scripts (its chunk first) and stylesheets, as the web build lists them. */
export interface PageChunk {
  js: string[];
  css: string[];
}

/**
 * Which of the web app's lazily loaded pages (by its module's file name) draws each route, in
 * the router's order; anything else is the not-found page. The web build writes each page's
 * files to page-chunks.json.
 */
export const PAGE_MODULES: readonly (readonly [pattern: string, module: string])[] = [
  [PAGES.queue.pattern, 'queue-page'],
  [PAGES.login.pattern, 'login-page'],
  [PAGES.signup.pattern, 'signup-page'],
  [PAGES.profile.pattern, 'profile-page'],
  [PAGES.feed.pattern, 'feed-page'],
  ['/schedule', 'schedule-page'],
  [PAGES.user.pattern, 'user-page'],
  [PAGES.artists.pattern, 'artists-page'],
  [PAGES.artist.pattern, 'artist-page'],
  [PAGES.platform.pattern, 'platform-page'],
  [PAGES.tags.pattern, 'tags-page'],
  [PAGES.search.pattern, 'search-page'],
  [PAGES.song.pattern, 'song-page'],
  [PAGES.onelinerHistory.pattern, 'oneliner-history-page'],
  [PAGES.inbox.pattern, 'inbox-page'],
  [PAGES.adminUsers.pattern, 'admin-users-page'],
  [PAGES.addSong.pattern, 'add-song-page'],
  [PAGES.uploadSong.pattern, 'upload-song-page'],
  [PAGES.missingSongs.pattern, 'missing-songs-page'],
  [PAGES.review.pattern, 'review-page'],
];
const NOT_FOUND = 'not-found-page';

/** `/artists/:letter?` as a regular expression over a path (a trailing slash allowed). */
function patternRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith(':')) return part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${body}/?$`);
}

const ROUTES = PAGE_MODULES.map(([pattern, module]) => [patternRegExp(pattern), module] as const);

/** The page module that draws `pathname`. */
export function pageModuleOf(pathname: string): string {
  return ROUTES.find(([re]) => re.test(pathname))?.[1] ?? NOT_FOUND;
}

/**
 * The build's page-chunks.json: each page's files, named in its HTML as preloads so that the
 * page's own code loads beside the first load rather than after it has run. An older build or
 * an unreadable list preloads nothing.
 */
export class PageChunks {
  private constructor(private readonly pages: Record<string, PageChunk>) {}

  static load(webDist: string): PageChunks {
    try {
      const text = fs.readFileSync(path.join(webDist, 'page-chunks.json'), 'utf8');
      return new PageChunks(JSON.parse(text) as Record<string, PageChunk>);
    } catch {
      return new PageChunks({});
    }
  }

  /** The preload tags for the page at `pathname`, for the end of its head. */
  tagsFor(pathname: string): string {
    const page = this.pages[pageModuleOf(pathname)];
    if (!page) return '';
    const safe = (href: unknown) => typeof href === 'string' && href.startsWith('/assets/');
    return [
      ...page.js
        .filter(safe)
        .map((h) => `<link rel="modulepreload" crossorigin href="${escapeHtml(h)}">`),
      ...page.css
        .filter(safe)
        .map((h) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(h)}">`),
    ].join('\n    ');
  }
}
