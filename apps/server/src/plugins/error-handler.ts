import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNREACHABLE, isDatabaseUnreachable } from '../db/unreachable.js';
import { DISK_FULL, isDiskFull } from '../lib/disk-space.js';
import { HttpError } from '../lib/http-error.js';

/** How long a client waits before trying again while the database is away. */
const RETRY_AFTER_S = 5;

/** zod's own default messages name no field; ours are whole sentences. */
const GENERIC = /^(Invalid|Too small|Too big|Unrecognized|Expected)/;

/** How a refusal names the type a field must have. */
const EXPECTED: Record<string, string> = {
  int: 'a whole number',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

function describeValidation(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return 'Invalid request.';
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = err.validationContext ?? 'body';
  const field = path || where;
  const message = first.message ?? 'is invalid';
  if (first.keyword === 'invalid_type') {
    if (/received undefined/.test(message)) return `${field} is required.`;
    const expected = (first.params as { expected?: string }).expected;
    if (!path) return `The ${where} must be a JSON ${expected ?? 'object'}.`;
    return `${field} must be ${expected ? (EXPECTED[expected] ?? `a ${expected}`) : 'valid'}.`;
  }
  return GENERIC.test(message) ? `${field}: ${message}` : message;
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON in request body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body length does not match Content-Length.',
};

/**
 * Every failure leaves as JSON `{ error }` with a 4xx the client can show. Only errors
 * that are not the caller's fault become a 500, and those are logged, never detailed.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ error: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ error: describeValidation(error) });
    }
    if (error.validation) {
      return reply.code(400).send({ error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        (error.code && FASTIFY_MESSAGES[error.code]) ||
        (/^Unexpected token|JSON/.test(error.message) ? 'Malformed JSON in request body.' : '') ||
        error.message;
      return reply.code(status).send({ error: message });
    }
    if (isDiskFull(error)) {
      request.log.warn({ err: error }, 'request failed: the disk is full');
      return reply.code(507).send({ error: DISK_FULL });
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'request failed: the database is unreachable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_S))
        .send({ error: DATABASE_UNREACHABLE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Internal server error.' });
  });
}
