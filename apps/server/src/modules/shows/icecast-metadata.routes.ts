import { API, ErrorSchema, LIMITS, LIVE_MOUNT } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BASIC_CHALLENGE, basicCredentials } from '../../lib/basic-auth.js';
import { showText } from '../../lib/text.js';
import type { DjService } from './dj.service.js';
import type { ShowService } from './show.service.js';

/** Icecast's answers are XML: source clients look for <return>1</return>. */
const xml = (ok: boolean, message: string) =>
  `<?xml version="1.0"?>\n<iceresponse><message>${message}</message><return>${ok ? 1 : 0}</return></iceresponse>\n`;
const XmlSchema = z.string().describe('An Icecast <iceresponse> XML document');

/**
 * A query value decoded in the charset the client names: BUTT and libshout send UTF-8 and say
 * so, older clients Latin-1, whose bytes are not UTF-8 (`charset=ISO-8859-1`).
 */
function queryValue(rawUrl: string, name: string, charset: string | undefined): string | null {
  const query = rawUrl.slice(rawUrl.indexOf('?') + 1);
  for (const pair of query.split('&')) {
    const [key = '', value = ''] = pair.split('=', 2);
    if (key.toLowerCase() !== name) continue;
    const bytes = Buffer.from(
      value
        .replace(/\+/g, ' ')
        .replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    );
    return /^(iso-?8859-?1|latin-?1)$/i.test(charset ?? '')
      ? bytes.toString('latin1')
      : bytes.toString('utf8');
  }
  return null;
}

/**
 * GET /admin/metadata, the way Icecast takes a source's title: `mode=updinfo`, the mount, and
 * `song` (or `artist` and `title`, as libshout sends them), with the DJ's username and stream
 * key. BUTT, Mixxx, ezstream and Liquidsoap send their titles so. Any node takes it and the
 * title travels on the bus to the playout, which puts it on air if the DJ's source is
 * connected (a title sent the moment a client connects waits there for the show to begin).
 */
export function icecastMetadataRoutes(deps: {
  djs: DjService;
  shows: ShowService;
}): FastifyPluginAsyncZod {
  const { djs, shows } = deps;
  return async (app) => {
    app.get(
      API.icecastMetadata.pattern,
      {
        // The answer is XML for source clients, not a page: the site's headers have no use.
        helmet: false,
        schema: {
          tags: ['live'],
          summary:
            "Icecast's metadata update (mode=updinfo&mount=/live&song=…, or artist and title), with the DJ's username and stream key (HTTP Basic)",
          querystring: z
            .object({
              mode: z.string().max(32).optional(),
              mount: z.string().max(256).optional(),
              charset: z.string().max(32).optional(),
            })
            .loose(),
          response: {
            200: XmlSchema,
            // A query the schema refuses gets the site's JSON error, like every other route.
            400: z.union([XmlSchema, ErrorSchema]),
            401: XmlSchema,
            403: XmlSchema,
            404: XmlSchema,
          },
        },
      },
      async (req, reply) => {
        const answer = (status: 200 | 400 | 401 | 403 | 404, ok: boolean, message: string) =>
          reply.code(status).type('text/xml').send(xml(ok, message));
        const credentials = basicCredentials(req.headers.authorization);
        if (!credentials) {
          reply.header('www-authenticate', BASIC_CHALLENGE);
          return answer(401, false, 'Authentication required');
        }
        const verdict = await djs.authorizeSource(credentials.username, credentials.password);
        if (!verdict.ok) {
          if (verdict.status === 401) reply.header('www-authenticate', BASIC_CHALLENGE);
          return answer(verdict.status, false, verdict.message);
        }
        const { mode, mount, charset } = req.query;
        if (mode !== 'updinfo') return answer(400, false, 'Only mode=updinfo is supported');
        if (mount !== LIVE_MOUNT) return answer(404, false, 'Source does not exist');
        const song = queryValue(req.raw.url ?? '', 'song', charset);
        const artist = queryValue(req.raw.url ?? '', 'artist', charset);
        const title = queryValue(req.raw.url ?? '', 'title', charset);
        const text = showText(
          song ?? [artist, title].filter((t) => t !== null && t.trim() !== '').join(' - '),
          LIMITS.liveTitleMax,
        );
        if (!text) return answer(400, false, 'No song title given');
        shows.sendTitle(verdict.dj.id, text);
        return answer(200, true, 'Metadata update successful');
      },
    );
  };
}
