import type { AddressInfo } from 'node:net';
import { API } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { createTestApp } from './helpers/test-app.js';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});

interface OpenApiDoc {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
}

describe('methods', () => {
  it.each([
    ['PUT', '/api/song/12', 'GET, HEAD, POST'],
    ['DELETE', '/api/queue', 'POST'],
    ['PATCH', '/healthz', 'GET, HEAD'],
    ['POST', '/api/user/favorites/3', 'DELETE'],
    ['GET', '/api/station/skip', 'POST'],
  ])('%s %s answers 405 with the methods the path takes', async (method, url, allow) => {
    const res = await app.inject({ method: method as 'PUT', url });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json<{ error: string }>().error).toBe(
      `${method} is not allowed here; use ${allow.split(', ').join(' or ')}.`,
    );
  });

  it('a path that does not exist stays 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('the OpenAPI document', () => {
  it('lists every API path of the contract', async () => {
    const doc = (await app.inject({ url: API.openapi.path() })).json<OpenApiDoc>();
    const documented = new Set(Object.keys(doc.paths).map((p) => p.replace(/\{(\w+)\}/g, ':$1')));
    const hidden = new Set<string>([API.openapi.pattern]);
    for (const route of Object.values(API)) {
      if (!hidden.has(route.pattern)) expect(documented, route.pattern).toContain(route.pattern);
    }
  });

  it('declares 400, 408, 431 and 500 on every operation: any request has a query, a length, a pace', async () => {
    const doc = (await app.inject({ url: API.openapi.path() })).json<OpenApiDoc>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        expect(Object.keys(op.responses), `${method} ${path}`).toEqual(
          expect.arrayContaining(['400', '408', '431', '500']),
        );
      }
    }
  });
});

describe('what is answered before any route', () => {
  it('a control character in a query parameter the route does not take: 400', async () => {
    const res = await app.inject({ url: `${API.platforms.path()}?unused=a%01b` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: '"unused" must not contain control characters.' });
  });

  it('a URL over 16 KiB: 431 with the same { error } body as every refusal', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const res = await fetch(
      `http://127.0.0.1:${port}${API.platforms.path()}?q=${'a'.repeat(17_000)}`,
    );
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: 'The URL and headers must be at most 16 KiB.' });
  });
});
