import { escapeHtml } from '../../lib/html.js';

/**
 * What a page says about itself before any script runs: its title, a description, and the Open
 * Graph and Twitter card tags that link previews (chat apps, social sites, search engines) read
 * from the HTML the server sends. Every value is escaped: titles and names are users' text.
 */
export interface PageHead {
  /** The answer's status: 404 for a song, artist or user that is not there (for crawlers). */
  status: 200 | 404;
  title: string;
  description: string;
  /** Absolute URL of the page's picture, or null for none. */
  image: string | null;
  /** Open Graph type: `website`, `music.song`, `profile`. */
  type: string;
  /**
   * Pictures the page will show first, fetched while its scripts load: the largest one on the
   * screen (the banner, a song's cover) is then there when the page first draws.
   */
  preload: { href: string; media?: string }[];
  /** Where oEmbed consumers ask about this page (a song's), for the discovery link. */
  oembed?: string;
}

/** A description fits in a search result and a link preview: about 160 characters. */
export function shortText(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** The tags for `head`, as one block of HTML for the document's head. */
export function headTags(head: PageHead, pageUrl: string, siteName: string): string {
  const e = escapeHtml;
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${e(value)}" />`;
  const tags = [
    `<title>${e(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${e(pageUrl)}" />`,
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', pageUrl),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.image) {
    tags.push(meta('property', 'og:image', head.image), meta('name', 'twitter:image', head.image));
  }
  if (head.status === 404) tags.push(meta('name', 'robots', 'noindex'));
  if (head.oembed) {
    tags.push(
      `<link rel="alternate" type="application/json+oembed" href="${e(head.oembed)}" title="${e(head.title)}" />`,
    );
  }
  for (const { href, media } of head.preload) {
    const only = media ? ` media="${e(media)}"` : '';
    tags.push(`<link rel="preload" as="image" href="${e(href)}" fetchpriority="high"${only} />`);
  }
  return tags.join('\n    ');
}

/**
 * The built index.html with its `<title>` replaced by the page's head tags, its own description
 * (for the client run without this server) left out, and on its <html> `banner` (the index of
 * the banner's first picture) for the banner to start with and `early`, the API paths the page
 * reads first (page-early.ts), for its starter script.
 */
export function withHead(
  template: string,
  tags: string,
  banner: number,
  early: string[] = [],
): string {
  const reads = early.length ? ` data-early="${escapeHtml(early.join(' '))}"` : '';
  return template
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/<title>[^<]*<\/title>/, () => tags)
    .replace(/<html( [^>]*)?>/, (html) => `${html.slice(0, -1)} data-banner="${banner}"${reads}>`);
}
