import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Paths that belong to the server, never to the single-page app. */
const SERVER_PREFIXES = ['/api/', '/api', '/ws', '/stream/', '/healthz'];

/**
 * Serves the built client. Hashed assets are cached for a year; every other GET that is not
 * a server path answers index.html so that each client route deep-links and survives reload.
 * Anything else unmatched is 405 when the path exists with other methods (every page of the
 * site does, with GET and HEAD), else 404.
 */
export async function registerWebSite(
  app: FastifyInstance,
  webDist: string,
  allowedMethods: (path: string) => string[] | null,
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasSite = fs.existsSync(indexFile);
  if (hasSite) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
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

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isServerPath = SERVER_PREFIXES.some((p) => url === p || url.startsWith(p));
    if (hasSite && !isServerPath && (request.method === 'GET' || request.method === 'HEAD')) {
      const file = url.slice(1);
      if (file && !file.includes('..') && fs.existsSync(path.join(webDist, file))) {
        return reply.sendFile(file);
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
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
