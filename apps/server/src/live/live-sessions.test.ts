import http from 'node:http';
import type net from 'node:net';
import type { LiveServerMessage } from '@queuecast/contract';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TokenSession } from '../auth/guards.js';
import { LiveSessions } from './live-sessions.js';
import { LiveSockets } from './live-sockets.js';

/*
 * The sessions over real sockets (LiveSockets, ws clients). The token check is the seam: each
 * token names a version, and a check can be held open, as one whose account read happened
 * just before a revocation was written and whose answer comes after it was announced.
 */

const USER = { id: 7, username: 'ann', role: 'user' as const };
const silentLog = { error: () => undefined } as unknown as FastifyBaseLogger;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup) await c();
  cleanup = [];
});

/** Token "v<N>" belongs to USER at version N; a held check answers when released. */
function tokenChecks() {
  const held = new Map<string, () => void>();
  const versions = new Map<number, number>([[USER.id, 1]]);
  const authenticate = async (token: string): Promise<TokenSession | null> => {
    const version = Number(/^v(\d+)$/.exec(token)?.[1]);
    if (!Number.isInteger(version)) return null;
    if (token.startsWith('v') && held.has(token)) {
      await new Promise<void>((resolve) => held.set(token, resolve));
    }
    return {
      user: USER,
      expiresAt: Date.now() / 1000 + 3600,
      tokenVersion: version,
      mutedUntil: null,
    };
  };
  return {
    authenticate,
    /** Checks of `token` wait until `release(token)`. */
    hold: (token: string) => held.set(token, () => undefined),
    release: (token: string) => {
      const resolve = held.get(token);
      held.delete(token);
      resolve?.();
    },
    versions,
    tokenVersions: (ids: readonly number[]) =>
      Promise.resolve(
        new Map(ids.flatMap((id) => (versions.has(id) ? [[id, versions.get(id)!]] : []))),
      ),
  };
}

/** A hub-less harness: real sockets numbered from 1, sessions, and clients that record. */
async function harness() {
  const checks = tokenChecks();
  const sockets = new LiveSockets();
  const sessions = new LiveSessions(checks.authenticate, checks.tokenVersions, sockets, silentLog);
  sockets.listen({
    auth: (id, token) => void sessions.auth(id, token),
    closed: (id) => sessions.closed(id),
  });
  const server = http.createServer((_, res) => res.writeHead(404).end());
  let nextId = 0;
  server.on('upgrade', (req, socket: net.Socket, head: Buffer) => {
    const id = ++nextId;
    sessions.opened(id);
    sockets.accept(
      { id, req: { method: req.method!, url: req.url!, headers: req.headers }, socket, head },
      { version: 1, bytes: Buffer.from('{"type":"listeners","listeners":0}') },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const clients: WebSocket[] = [];
  cleanup.push(async () => {
    clients.forEach((c) => c.terminate());
    sessions.close();
    await sockets.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  async function client() {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    clients.push(ws);
    const got: LiveServerMessage[] = [];
    ws.on('message', (data: Buffer) => got.push(JSON.parse(data.toString('utf8'))));
    await new Promise((resolve) => ws.once('message', resolve)); // the greeting
    got.length = 0;
    /** The `session` messages received, in order. */
    const said = () => got.filter((m) => m.type === 'session');
    const waitFor = async (count: number) => {
      const deadline = Date.now() + 3000;
      while (said().length < count) {
        if (Date.now() > deadline)
          throw new Error(`waited for ${count} session messages: ${JSON.stringify(got)}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    return {
      got,
      said,
      waitFor,
      auth: (token: string) => ws.send(JSON.stringify({ type: 'auth', token })),
    };
  }

  /** Sends a marker to the user's room and one to everyone; answers once all have arrived. */
  let markers = 0;
  async function markUserRoom(all: Awaited<ReturnType<typeof client>>[]) {
    const id = ++markers;
    sockets.send(`user:${USER.id}`, Buffer.from(JSON.stringify({ type: 'chat_deleted', id: -id })));
    sockets.send('all', Buffer.from(JSON.stringify({ type: 'chat_deleted', id })));
    const deadline = Date.now() + 3000;
    while (!all.every((c) => c.got.some((m) => m.type === 'chat_deleted' && m.id === id))) {
      if (Date.now() > deadline) throw new Error('the marker did not arrive');
      await new Promise((r) => setTimeout(r, 5));
    }
    return all.map((c) => c.got.some((m) => m.type === 'chat_deleted' && m.id === -id));
  }
  return { checks, sessions, client, markUserRoom };
}

const signedIn = { type: 'session', user: USER };
const ended = (version: number) => ({
  type: 'session',
  user: null,
  error: 'Your session has ended. Please log in again.',
  token_version: version,
});

describe('LiveSessions', () => {
  it('a revocation ends the sockets on older tokens only', async () => {
    const { sessions, client, markUserRoom } = await harness();
    const [old1, old2, fresh] = [await client(), await client(), await client()];
    old1.auth('v1');
    old2.auth('v1');
    fresh.auth('v2');
    for (const c of [old1, old2, fresh]) await c.waitFor(1);
    sessions.revoke(USER.id, 2);
    await old1.waitFor(2);
    await old2.waitFor(2);
    expect(old1.said()).toEqual([signedIn, ended(2)]);
    expect(old2.said()).toEqual([signedIn, ended(2)]);
    expect(await markUserRoom([old1, old2, fresh])).toEqual([false, false, true]);
    // A late copy of the same revocation changes nothing.
    sessions.revoke(USER.id, 2);
    expect(await markUserRoom([old1, old2, fresh])).toEqual([false, false, true]);
    expect(fresh.said()).toEqual([signedIn]);
  });

  it('an auth whose check began before the revocation and answers after it is ended', async () => {
    const { checks, sessions, client, markUserRoom } = await harness();
    const [late, renewed] = [await client(), await client()];
    checks.hold('v1');
    checks.hold('v2');
    late.auth('v1'); // read the account before the revocation was written
    renewed.auth('v2'); // the new token, checked meanwhile
    await new Promise((r) => setTimeout(r, 50));
    sessions.revoke(USER.id, 2);
    checks.release('v1');
    checks.release('v2');
    await late.waitFor(1);
    await renewed.waitFor(1);
    expect(late.said()).toEqual([ended(2)]);
    expect(renewed.said()).toEqual([signedIn]);
    expect(await markUserRoom([late, renewed])).toEqual([false, true]);
  });

  it('a socket re-authenticating with the new token while the revocation arrives keeps the room', async () => {
    const { checks, sessions, client, markUserRoom } = await harness();
    const browser = await client();
    browser.auth('v1');
    await browser.waitFor(1);
    checks.hold('v2');
    browser.auth('v2');
    await new Promise((r) => setTimeout(r, 50));
    sessions.revoke(USER.id, 2);
    await browser.waitFor(2); // told that the v1 session ended
    checks.release('v2');
    await browser.waitFor(3);
    expect(browser.said()).toEqual([signedIn, ended(2), signedIn]);
    expect(await markUserRoom([browser])).toEqual([true]);
  });

  it('the sweep ends sockets whose revocation never arrived', async () => {
    const { checks, sessions, client, markUserRoom } = await harness();
    const [old, fresh] = [await client(), await client()];
    old.auth('v1');
    await old.waitFor(1);
    checks.versions.set(USER.id, 3);
    fresh.auth('v3');
    await fresh.waitFor(1);
    expect(await markUserRoom([old, fresh])).toEqual([true, true]);
    await sessions.sweep();
    await old.waitFor(2);
    expect(old.said()).toEqual([signedIn, ended(3)]);
    expect(await markUserRoom([old, fresh])).toEqual([false, true]);
  });
});
