import type { FastifyInstance, HTTPMethods } from 'fastify';

interface KnownPath {
  pattern: RegExp;
  methods: Set<string>;
}

const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** `/api/song/:id` → a pattern for one path segment per parameter, `*` for the rest. */
function toPattern(url: string): RegExp {
  const parts = url.split('/').map((part) => {
    if (part.startsWith(':')) return part.endsWith('?') ? '[^/]*' : '[^/]+';
    if (part === '*') return '.*';
    return escape(part);
  });
  return new RegExp(`^${parts.join('/')}$`);
}

/**
 * Remembers every route as it is registered, so that a request with a method the path does not
 * take can be told 405 with the methods it does take (`Allow`), the same for every path, instead
 * of a 404 that suggests the path does not exist. Register before the routes.
 */
export function trackRouteMethods(app: FastifyInstance): (path: string) => string[] | null {
  // Keyed by pattern: a built web client adds a route per static file (thousands, with the
  // emoji), and a search through the list for each one made start-up quadratic (minutes).
  const known = new Map<string, KnownPath>();
  app.addHook('onRoute', (route) => {
    const methods = ([] as HTTPMethods[]).concat(route.method);
    const pattern = toPattern(route.url);
    let entry = known.get(pattern.source);
    if (!entry) {
      entry = { pattern, methods: new Set<string>() };
      known.set(pattern.source, entry);
    }
    for (const m of methods) entry.methods.add(m.toUpperCase());
  });
  return (path) => {
    const allowed = new Set<string>();
    for (const k of known.values()) {
      if (k.pattern.test(path)) k.methods.forEach((m) => allowed.add(m));
    }
    return allowed.size > 0 ? [...allowed].sort() : null;
  };
}
