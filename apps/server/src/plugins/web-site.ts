import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { headTags, withHead } from '../modules/web-app/page-head.js';
import type { PageMetaService } from '../modules/web-app/page-meta.service.js';
import { sendPage } from './page-compression.js';

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
  const origin = (request: FastifyRequest) =>
    pages.publicUrl ?? `${request.protocol}://${request.host}`;
  if (hasSite) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'web client not built: only the API is served');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((p) => url === p || url.startsWith(p));
    if (hasSite && !isServerPath && (request.method === 'GET' || request.method === 'HEAD')) {
      const file = url.slice(1);
      if (file && !file.includes('..') && fs.existsSync(path.join(webDist, file))) {
        return reply.sendFile(file);
      }
      const base = origin(request);
      const head = await pages.meta.head(url, base);
      const html = withHead(template, headTags(head, `${base}${url}`, pages.stationName));
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
    if (allowed) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ error: `${request.method} is not allowed here; use ${allowed.join(' or ')}.` });
    }
    return reply.code(404).send({ error: `Not found: ${request.method} ${url}` });
  });
}
