import type { FastifyInstance } from 'fastify';
import { stripHiddenFormatting } from '../lib/text.js';

/** Nesting deeper than any request shape of the API is not searched further. */
const MAX_DEPTH = 6;
/**
 * A password is checked against a hash, never shown: it is kept exactly as typed, or an account
 * whose password holds such a character could no longer sign in.
 */
const KEPT_AS_SENT = /password/i;

/** `value` with every string below it stripped, objects and arrays changed in place. */
function stripBelow(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return stripHiddenFormatting(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  const fields = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(fields)) {
    if (KEPT_AS_SENT.test(key)) continue;
    const stripped = stripBelow(inner, depth + 1);
    if (stripped !== inner) fields[key] = stripped;
  }
  return value;
}

/**
 * Every text a request brings (path, query, JSON body) loses the format characters that hide
 * in it or reorder what surrounds it (lib/text.ts), before validation and before any route
 * sees it: names, chat lines, messages and comments are stored and shown without them, and a
 * text of nothing else is as empty as it looks. Register after the control-character check.
 */
export function registerHiddenFormattingStrip(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    stripBelow(request.params);
    stripBelow(request.query);
    request.body = stripBelow(request.body);
  });
}
