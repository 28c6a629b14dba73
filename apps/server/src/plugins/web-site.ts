import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { BANNER_IMAGES } from '@queuecast/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PageAssets, type PageAssetList } from '../modules/web-app/page-assets.js';
import { earlyReads, inlineScriptHashes } from '../modules/web-app/page-early.js';
import { headTags, withHead } from '../modules/web-app/page-head.js';
import type { PageMetaService } from '../modules/web-app/page-meta.service.js';
import { sendPage } from './page-compression.js';

/** The folders of the emoji set under assets/, one per version. */
const EMOJI_DIR_PREFIX = 'twemoji-';

/** Paths that belong to the server, never to the single-page app. */
const SERVER_PREFIXES = ['/api/', '/api', '/ws', '/stream/', '/healthz'];

export interface SitePages {
  meta: PageMetaService;
  stationName: string;
  /** The site's own address (STATION_URL), for absolute links; else the request's. */
  publicUrl: string | null;
}

/**
 * Serves the built client. Hashed assets are cached for a year, and the build's brotli and gzip
 * copies go to clients that take them; every other GET that is not a server path answers
 * index.html, with the page's own title, description and link-preview tags written in (and a
 * 404 status for a song, artist or user that is not there), so that each client route
 * deep-links, survives reload and previews without JavaScript. Anything else unmatched is 405
 * when the path exists with other methods (every page of the site does, with GET and HEAD),
 * else 404.
 */
export async function registerWebSite(
  app: FastifyInstance,
  webDist: string,
  allowedMethods: (path: string) => string[] | null,
  pages: SitePages,
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasSite = fs.existsSync(indexFile);
  const template = hasSite ? fs.readFileSync(indexFile, 'utf8') : '';
  // The page's own inline script may run; no other inline script may.
  const scriptHashes = inlineScriptHashes(template).join(' ');
  const assets = hasSite ? readPageAssets(app, webDist) : null;
  const origin = (request: FastifyRequest) =>
    pages.publicUrl ?? `${request.protocol}://${request.host}`;
  if (hasSite) {
    const setHeaders = (res: { setHeader(name: string, value: string): unknown }, file: string) =>
      res.setHeader(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // A route per file, found at start: except the emoji set's thousands, served below.
      globIgnore: [`**/${EMOJI_DIR_PREFIX}*/**`],
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders,
    });
    // The emoji set (assets/twemoji-<version>/): one wildcard route per version folder rather
    // than one per file, which cost start-up time and memory for files a page rarely asks for.
    const assets = path.join(webDist, 'assets');
    const emojiDirs = fs.existsSync(assets)
      ? fs.readdirSync(assets).filter((name) => name.startsWith(EMOJI_DIR_PREFIX))
      : [];
    for (const dir of emojiDirs) {
      await app.register(fastifyStatic, {
        root: path.join(assets, dir),
        prefix: `/assets/${dir}/`,
        decorateReply: false,
        wildcard: true,
        index: false,
        cacheControl: false,
        setHeaders,
      });
    }
  } else {
    app.log.warn({ webDist }, 'web client not built: only the API is served');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((p) => url === p || url.startsWith(p));
    // A built asset that is not there is not a page: a stale tab asking for an old chunk
    // gets a plain 404, never the app page in place of a script.
    const isAsset = url.startsWith('/assets/');
    if (
      hasSite &&
      !isServerPath &&
      !isAsset &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      const file = url.slice(1);
      if (file && !file.includes('..') && fs.existsSync(path.join(webDist, file))) {
        return reply.sendFile(file);
      }
      const base = origin(request);
      // The banner's first picture, chosen here so that the page can preload it.
      const banner = Math.floor(Math.random() * BANNER_IMAGES.length);
      const head = await pages.meta.head(url, base, BANNER_IMAGES[banner]);
      const tags = [headTags(head, `${base}${url}`, pages.stationName), assets?.tagsFor(url)]
        .filter(Boolean)
        .join('\n    ');
      // A page that is not there reads nothing early: its own read would only ask again.
      const early = head.status === 200 ? earlyReads(url, request.url.slice(url.length)) : [];
      const html = withHead(template, tags, banner, early);
      if (scriptHashes) {
        const policy = String(reply.getHeader('content-security-policy') ?? '');
        void reply.header(
          'content-security-policy',
          policy.replace(/script-src 'self'/, `script-src 'self' ${scriptHashes}`),
        );
      }
      void reply
        .code(head.status)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8');
      return sendPage(request, reply, html);
    }
    // The live socket is an upgrade of a GET; any page of the site is read with GET or HEAD.
    const allowed =
      allowedMethods(url) ??
      (url === '/ws' ? ['GET'] : null) ??
      (hasSite && !isServerPath ? ['GET', 'HEAD'] : null);
    // A method the path takes, asked of something that is not there (a missing file under a
    // wildcard route), is a plain 404.
    if (allowed && !allowed.includes(request.method)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ error: `${request.method} is not allowed here; use ${allowed.join(' or ')}.` });
    }
    return reply.code(404).send({ error: `Not found: ${request.method} ${url}` });
  });
}

/** The build's list of each page's chunks (page-assets.json), or null without one. */
function readPageAssets(app: FastifyInstance, webDist: string): PageAssets | null {
  const file = path.join(webDist, 'page-assets.json');
  if (!fs.existsSync(file)) return null;
  try {
    return new PageAssets(JSON.parse(fs.readFileSync(file, 'utf8')) as PageAssetList);
  } catch (err) {
    app.log.warn({ err, file }, 'page-assets.json unreadable: pages load their chunks unhinted');
    return null;
  }
}
