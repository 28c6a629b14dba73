import type { FastifyInstance } from 'fastify';

/**
 * C0 controls but tab and newline, DEL, and the C1 controls: nothing a person types, and NUL
 * is refused by PostgreSQL text columns outright.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/** Nesting deeper than any request shape of the API is not searched further. */
const MAX_DEPTH = 6;

/** The dotted path of the first string below `value` holding a control character. */
export function controlCharacterAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return CONTROL.test(value) || CONTROL.test(path) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = controlCharacterAt(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Text in a path, query or JSON body with a control character other than tab and newline is
 * refused with 400 before any route sees it, for every route.
 */
export function registerControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const field =
      controlCharacterAt(request.params, '') ??
      controlCharacterAt(request.query, '') ??
      controlCharacterAt(request.body, '');
    if (field !== null) {
      const name = JSON.stringify(field.replace(CONTROL, '?') || 'the request');
      return reply.code(400).send({ error: `${name} must not contain control characters.` });
    }
  });
}
