import { PAGES } from '@queuecast/contract';
import { escapeHtml } from '../../lib/html.js';

/**
 * What the web build lists for each page (its page-assets.json): the scripts and styles of the
 * page's own chunk by the key of its route in PAGES, and those every page loads (the sidebar's).
 */
export interface PageAssetList {
  always: string[];
  pages: Record<string, string[]>;
}

/** A route pattern (`/song/:id`, `/artists/:letter?`) as a regular expression for a pathname. */
export function patternRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((part) =>
      part.startsWith(':')
        ? part.endsWith('?')
          ? '(?:/[^/]+)?'
          : '/[^/]+'
        : `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    )
    .join('');
  return new RegExp(`^${body}/?$`);
}

/**
 * The preload tags of each page: its chunk's scripts (`modulepreload`) and styles
 * (`preload as="style"`, which do not hold up the first paint), so that they load beside the
 * first load's scripts and the page's first render needs nothing more.
 */
export class PageAssets {
  private readonly pages: { match: RegExp; tags: string }[];
  /** A page none of whose routes the list names (a staff page): the sidebar's alone. */
  private readonly fallback: string;

  constructor(list: PageAssetList) {
    const keys = Object.keys(PAGES) as (keyof typeof PAGES)[];
    this.pages = keys
      .filter((key) => list.pages[key])
      .map((key) => ({
        match: patternRegExp(PAGES[key].pattern),
        tags: PageAssets.tags([...new Set([...list.pages[key]!, ...list.always])]),
      }));
    this.fallback = PageAssets.tags(list.always);
  }

  /** The tags for the page at `pathname`. */
  tagsFor(pathname: string): string {
    return this.pages.find((page) => page.match.test(pathname))?.tags ?? this.fallback;
  }

  private static tags(files: string[]): string {
    return files
      .filter((file) => /^\/assets\/[\w.-]+\.(?:js|css)$/.test(file))
      .map((file) =>
        file.endsWith('.css')
          ? `<link rel="preload" as="style" crossorigin href="${escapeHtml(file)}" />`
          : `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`,
      )
      .join('\n    ');
  }
}
