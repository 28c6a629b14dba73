import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { API } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { createSong, makePlayable, quickUser } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

/**
 * Requests generated from the OpenAPI document, thousands of them, to every documented
 * operation: path and query parameters, JSON bodies shaped like the schema or not at all, odd
 * numbers (ids past the 32-bit columns, fractions, negatives), text with NUL and other control
 * characters, query parameters the operation does not take (control characters in them too),
 * every kind of caller; and to each operation, over a real connection, URLs longer than the
 * 16 KiB Node reads. The server must answer each with a status the operation declares, and
 * never a 5xx. FUZZ_RUNS sets the number (10,000 by default); FUZZ_SEED repeats a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, unknown>;
}

interface Generated {
  url: string;
  body: unknown;
  caller: keyof Callers;
}

type Callers = Record<'anonymous' | 'listener' | 'moderator' | 'admin' | 'forged', string | null>;

/**
 * The streams take no input (a node without the station answers them 503, as it should), so
 * there is nothing to fuzz there; the station's tests cover them. Nor does readiness, whose 503
 * is its answer for a playout candidate not on air (as here): site.test.ts covers it.
 */
const isStream = (path: string) => path.startsWith('/stream/') || path === '/readyz';

let app: App;
let port: number;
let callers: Callers;
let knownIds: number[];

beforeAll(async () => {
  app = await createTestApp({ env: { REQUEST_COOLDOWN_S: '0' } });
  // Node answers a URL over 16 KiB while reading it, before Fastify: only a real connection
  // meets that answer (app.inject hands Fastify the request already parsed).
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  const [listener, moderator, admin] = [
    await quickUser(app),
    await quickUser(app, 'moderator'),
    await quickUser(app, 'admin'),
  ];
  const songs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const id = await createSong(app, { tags: ['fuzz', `tag${i}`], platform: 'Fuzz Platform' });
    await makePlayable(app, id);
    songs.push(id);
  }
  knownIds = [...songs, listener.id, moderator.id, admin.id, 1, 2];
  callers = {
    anonymous: null,
    listener: listener.token,
    moderator: moderator.token,
    admin: admin.token,
    forged: `${listener.token.slice(0, -4)}AAAA`,
  };
});

const CONTROL = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\r', '\u0085'];

/** Text as clients send it, and as they should not: control characters, huge, odd Unicode. */
const text = (schema: Schema = {}) =>
  fc.oneof(
    fc.string({
      minLength: schema.minLength ?? 0,
      maxLength: Math.min(schema.maxLength ?? 40, 40),
    }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 8 }))
      .map(([a, c, b]) => `${a}${c}${b}`),
    fc.constantFrom(
      '',
      ' ',
      'a'.repeat(5000),
      '%00',
      '../../etc/passwd',
      "'; drop table songs; --",
    ),
    fc.constantFrom('\ud800', 'x\udfff', '🎵', 'null', '1e400', '-0'),
  );

/** Numbers around the edges: ids the database has, past 32 bits, fractions, negatives. */
const number = () =>
  fc.oneof(
    fc.constantFrom(...knownIds),
    fc.integer({ min: -3, max: 60 }),
    fc.constantFrom(0, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 1e20, 1.5, -(2 ** 31) - 1),
    fc.double({ noNaN: true }),
  );

/** Anything at all: what a confused or hostile client puts where a field should be. */
const anything = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    text(),
    number(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(number(), text()), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(number(), text()), { maxKeys: 3 }),
  );

function types(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** A value for `schema`: usually of its shape with edge-case content, sometimes not at all. */
function valueOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anything();
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants && variants.length > 0) {
    return fc.oneof(...variants.map((s) => valueOf(s, depth + 1)));
  }
  let shaped: fc.Arbitrary<unknown>;
  if (schema.const !== undefined) shaped = fc.constant(schema.const);
  else if (schema.enum) shaped = fc.constantFrom(...schema.enum);
  else {
    const kinds = types(schema).map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'integer':
        case 'number':
          return number();
        case 'string':
          return text(schema);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array':
          return fc.array(valueOf(schema.items, depth + 1), { maxLength: 4 });
        case 'object':
          return objectOf(schema, depth);
        default:
          return anything();
      }
    });
    shaped = kinds.length > 0 ? fc.oneof(...kinds) : anything();
  }
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: anything() });
}

function objectOf(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const fields = properties.map(([name, s]) =>
    fc.option(valueOf(s, depth + 1), { freq: 5, nil: undefined }).map((v) => [name, v] as const),
  );
  return fc.tuple(...fields).map((pairs) => {
    const out: Record<string, unknown> = {};
    for (const [name, v] of pairs) if (v !== undefined) out[name] = v;
    return out;
  });
}

/** Percent-encoded; lone surrogates become U+FFFD, as a browser would send them. */
const encode = (value: string) =>
  encodeURIComponent(
    value.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    ),
  );

/**
 * A query parameter the operation does not take, as a client may add one (sometimes): any text,
 * or one with a control character, which is refused like one in a declared parameter.
 */
const undeclaredQuery = (taken: Set<string>) =>
  fc.option(
    fc.tuple(
      fc.stringMatching(/^[a-z][a-z_]{0,7}$/).filter((name) => !taken.has(name)),
      fc.oneof(
        text(),
        fc.tuple(fc.string({ maxLength: 4 }), fc.constantFrom(...CONTROL)).map(([a, c]) => a + c),
      ),
    ),
    { freq: 2, nil: undefined },
  );

/** A parameter's value as it travels in a URL. */
const paramText = (p: Parameter) =>
  fc
    .oneof({ weight: 4, arbitrary: valueOf(p.schema) }, { weight: 1, arbitrary: text() })
    .map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));

function requestsFor(path: string, op: Operation): fc.Arbitrary<Generated> {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  return fc
    .record({
      // "." and ".." are not values a path segment can carry: every URL parser (the client's,
      // and `app.inject`'s) resolves them away, and the request names another route.
      path: fc.tuple(...pathParams.map((p) => paramText(p).filter((v) => v !== '.' && v !== '..'))),
      query: fc.tuple(
        ...queryParams.map((p) => fc.option(paramText(p), { freq: 3, nil: undefined })),
      ),
      extra: undeclaredQuery(new Set(queryParams.map((p) => p.name))),
      body: op.requestBody ? valueOf(bodySchema) : fc.constant(undefined),
      caller: fc.constantFrom<keyof Callers>(
        'anonymous',
        'listener',
        'moderator',
        'admin',
        'forged',
      ),
    })
    .map(({ path: values, query, extra, body, caller }) => {
      let url = path;
      pathParams.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, encode(values[i]!));
      });
      const search = queryParams
        .map((p, i) => (query[i] === undefined ? null : `${p.name}=${encode(query[i])}`))
        .filter(Boolean);
      if (extra) search.push(`${extra[0]}=${encode(extra[1])}`);
      return { url: search.length > 0 ? `${url}?${search.join('&')}` : url, body, caller };
    });
}

/** Past Node's 16 KiB of request line and headers. */
const LONG = 'a'.repeat(17 * 1024);

/** `url` made longer than Node reads: in its query, and in its path parameters if any. */
function tooLong(path: string, url: string): string[] {
  const query = `${url}${url.includes('?') ? '&' : '?'}q=${LONG}`;
  return path.includes('{') ? [query, path.replace(/\{(\w+)\}/g, LONG)] : [query];
}

/** The status a real connection gets for `method url`. */
function statusOver(method: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: url, agent: false },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe(`fuzzing every operation of the OpenAPI document (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('answers every generated request with a declared status and never a 5xx', async () => {
    const doc = (await app.inject({ url: API.openapi.path() })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const operations = Object.entries(doc.paths)
      .filter(([path]) => !isStream(path))
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
      );
    const perOperation = Math.ceil(RUNS / operations.length);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    let serverErrors = 0;
    let undeclared = 0;
    for (const [i, { path, method, op }] of operations.entries()) {
      const samples = fc.sample(requestsFor(path, op), { numRuns: perOperation, seed: SEED + i });
      for (const req of samples) {
        const token = callers[req.caller];
        const res = await app.inject({
          method: method as 'GET',
          url: req.url,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(req.body !== undefined ? { payload: JSON.stringify(req.body) } : {}),
        });
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const declared = String(res.statusCode) in op.responses || 'default' in op.responses;
        if (res.statusCode >= 500) serverErrors++;
        if (!declared) undeclared++;
        if ((res.statusCode >= 500 || !declared) && failures.length < 25) {
          failures.push(
            `${res.statusCode} ${method} ${req.url.slice(0, 120)} as ${req.caller} ${JSON.stringify(req.body)?.slice(0, 160) ?? ''} -> ${res.body.slice(0, 160)}`,
          );
        }
      }
      for (const long of tooLong(path, samples[0]!.url)) {
        const status = await statusOver(method, long);
        sent++;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const declared = String(status) in op.responses;
        if (!declared) undeclared++;
        if (status !== 431 || !declared) {
          failures.push(`${status} ${method} ${long.slice(0, 120)}… (over 16 KiB)`);
        }
      }
    }
    const byStatus = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([code, n]) => `${code}: ${n}`)
      .join(', ');
    console.log(
      `fuzz (${process.env.TEST_DB ?? 'sqlite'}, seed ${SEED}): ${sent} requests over ` +
        `${operations.length} operations; ${serverErrors} answered 5xx, ${undeclared} an ` +
        `undeclared status. Statuses: ${byStatus}`,
    );
    expect(failures, failures.join('\n')).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(RUNS);
  }, 600_000);
});
