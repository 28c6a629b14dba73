import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API, ErrorSchema } from '@queuecast/contract';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Statuses any route of a kind can answer, declared on every such route so that the document
 * says what the server does: bad input (400) wherever there is input, a body too large (413) or
 * of another type (415) wherever there is a body, and 500 everywhere.
 */
function declareCommonStatuses(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema;
    if (!schema || schema.hide) return;
    const response = { ...((schema.response ?? {}) as Record<string, unknown>) };
    const declare = (...codes: number[]) => codes.forEach((c) => (response[c] ??= ErrorSchema));
    if (schema.body) declare(400, 413, 415);
    if (schema.params || schema.querystring) declare(400);
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
        description: 'Web radio with a shared song-request queue.',
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
