import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API, ErrorSchema } from '@queuecast/contract';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Any URL may carry query parameters its route does not take: a control character in one is
 * refused before the route runs (plugins/control-characters.ts).
 */
const BadInput = ErrorSchema.describe(
  'Bad input: a path, query (any parameter, declared or not) or body the route cannot take.',
);
/** The server does not wait on a client that stops sending (plugins/connection-guard.ts). */
const TooSlow = ErrorSchema.describe(
  'The headers did not arrive within HTTP_HEADERS_TIMEOUT_S, or the body stopped moving ' +
    '(less than 16 KiB in HTTP_BODY_TIMEOUT_S); the connection is closed.',
);
/** Node reads at most 16 KiB of request line and headers, and answers a longer URL itself. */
const UrlTooLong = ErrorSchema.describe(
  'The URL and headers are over 16 KiB; answered before any route, for every path.',
);

/**
 * Statuses any route of a kind can answer, declared on every such route so that the document
 * says what the server does: bad input (400), a request too slow to arrive (408) and a URL over
 * 16 KiB (431) everywhere, a body too large (413) or of another type (415) wherever there is a
 * body, and 500 everywhere.
 */
function declareCommonStatuses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema || schema.hide) return;
    const response = { ...((schema.response ?? {}) as Record<string, unknown>) };
    const declare = (...codes: number[]) => codes.forEach((c) => (response[c] ??= ErrorSchema));
    response[400] ??= BadInput;
    response[408] ??= TooSlow;
    response[431] ??= UrlTooLong;
    if (schema.body) declare(413, 415);
    declare(500);
    schema.response = response;
  });
}

/** The OpenAPI document is generated from the contract's zod schemas on the routes. */
export async function registerOpenApi(app: FastifyInstance, stationName: string): Promise<void> {
  declareCommonStatuses(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${stationName} API`,
        description:
          'Web radio with a shared song-request queue. A client address holding ' +
          'HTTP_MAX_CONNECTIONS_PER_IP connections already has its next one answered 429 ' +
          '(`{ error }`) and closed before any request on it is read.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get(API.openapi.pattern, { schema: { hide: true } }, () => app.swagger());
}
