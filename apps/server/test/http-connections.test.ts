import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { API } from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { makeTone, tempDir } from './helpers/audio.js';
import { bearer, createSong, quickUser } from './helpers/factories.js';
import { multipartBody } from './helpers/multipart.js';
import { queueTones } from './helpers/queued-tones.js';
import { createTestApp } from './helpers/test-app.js';

/*
 * Plain HTTP connections, on real sockets: each client address holds at most
 * HTTP_MAX_CONNECTIONS_PER_IP at once (trusted proxies not counted, MP3 listeners and /ws
 * sockets counted by their own caps), headers must arrive within HTTP_HEADERS_TIMEOUT_S, and a
 * body that stops moving is cut, while a slow upload that keeps moving is not.
 */

const sockets: net.Socket[] = [];
afterAll(() => sockets.forEach((s) => s.destroy()));

/** A connection to `port` from `from` (any 127.x address is this machine). */
function connectFrom(port: number, from: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server writes until it closes the connection, and when that happened. */
function untilClosed(socket: net.Socket): Promise<{ text: string; at: number }> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.once('close', () => resolve({ text, at: Date.now() }));
  });
}

/** Resolves with what has arrived once it holds `marker`. */
function until(socket: net.Socket, marker: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (d: Buffer) => {
      text += d.toString('latin1');
      if (!text.includes(marker)) return;
      socket.off('data', onData);
      resolve(text);
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error(`closed before ${marker}: ${text.slice(0, 200)}`)));
  });
}

const statusLine = (text: string) => text.split('\r\n', 1)[0];
const bodyOf = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as unknown;

/** GET /healthz on a connection of its own from `from`: the status line it gets. */
async function healthFrom(port: number, from: string): Promise<string> {
  const socket = await connectFrom(port, from);
  const answer = untilClosed(socket);
  socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  return statusLine((await answer).text)!;
}

const portOf = (app: App) => (app.server.address() as net.AddressInfo).port;

describe('connections per address', () => {
  let app: App;
  let port: number;

  beforeAll(async () => {
    app = await createTestApp({
      env: { HTTP_MAX_CONNECTIONS_PER_IP: '3', MP3_MAX_PER_IP: '5', TRUST_PROXY: '127.0.0.4' },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = portOf(app);
  });

  it('refuses one over the cap with 429, serves other addresses, frees a place on close', async () => {
    const held = [];
    for (let i = 0; i < 3; i++) held.push(await connectFrom(port, '127.0.0.2'));
    const refused = await connectFrom(port, '127.0.0.2');
    const answer = await untilClosed(refused);
    expect(statusLine(answer.text)).toBe('HTTP/1.1 429 Too Many Requests');
    expect(bodyOf(answer.text)).toEqual({ error: 'Too many connections from your address.' });

    expect(await healthFrom(port, '127.0.0.3')).toBe('HTTP/1.1 200 OK');
    held[0]!.destroy();
    // The server sees the close a moment later.
    let status = '';
    for (let i = 0; i < 50 && status !== 'HTTP/1.1 200 OK'; i++) {
      status = await healthFrom(port, '127.0.0.2');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe('HTTP/1.1 200 OK');
    held.forEach((s) => s.destroy());
  });

  it('does not cap a trusted proxy, through which every client arrives', async () => {
    const held = [];
    for (let i = 0; i < 6; i++) held.push(await connectFrom(port, '127.0.0.4'));
    expect(await healthFrom(port, '127.0.0.4')).toBe('HTTP/1.1 200 OK');
    held.forEach((s) => s.destroy());
  });

  it('counts MP3 listeners and /ws sockets by their own caps, not this one', async () => {
    await queueTones(app, [{ title: 'Cap Tone', artist: 'Caps', seconds: 30 }]);
    await app.ctx.station.start();
    try {
      for (let i = 0; i < 3; i++) {
        const listener = await connectFrom(port, '127.0.0.5');
        const head = until(listener, '\r\n\r\n');
        listener.write('GET /stream/live.mp3 HTTP/1.1\r\nHost: x\r\n\r\n');
        expect(statusLine(await head)).toBe('HTTP/1.1 200 OK');
        listener.resume();
      }
      for (let i = 0; i < 3; i++) {
        const socket = await connectFrom(port, '127.0.0.5');
        const head = until(socket, '\r\n\r\n');
        socket.write(
          `GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString('base64')}\r\n` +
            `Sec-WebSocket-Version: 13\r\n\r\n`,
        );
        expect(statusLine(await head)).toBe('HTTP/1.1 101 Switching Protocols');
        socket.resume();
      }
      expect(app.ctx.station.mp3.count).toBe(3);
      // Six long-lived connections from the address, and the site still answers it.
      expect(await healthFrom(port, '127.0.0.5')).toBe('HTTP/1.1 200 OK');
    } finally {
      await app.ctx.station.stop();
    }
  }, 60_000);
});

describe('timeouts', () => {
  let app: App;
  let port: number;

  beforeAll(async () => {
    app = await createTestApp({ env: { HTTP_HEADERS_TIMEOUT_S: '1', HTTP_BODY_TIMEOUT_S: '1' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = portOf(app);
  });

  const chatCount = async () =>
    Number(
      (
        await app.ctx.db
          .selectFrom('oneliner_messages')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers headers that stop arriving with 408 and closes', async () => {
    const socket = await connectFrom(port, '127.0.0.6');
    const started = Date.now();
    const answer = untilClosed(socket);
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    const { text, at } = await answer;
    expect(statusLine(text)).toBe('HTTP/1.1 408 Request Timeout');
    expect(bodyOf(text)).toEqual({ error: 'The request took too long to arrive.' });
    expect(at - started).toBeGreaterThanOrEqual(900);
    expect(at - started).toBeLessThan(4000);
  });

  /** A chat line whose body is sent by `send`, on a connection of its own. */
  async function chatBody(send: (socket: net.Socket, body: string) => void) {
    const { token } = await quickUser(app);
    const body = JSON.stringify({ message: 'x'.repeat(500) });
    const socket = await connectFrom(port, '127.0.0.7');
    const started = Date.now();
    const answer = untilClosed(socket);
    socket.write(
      `POST ${API.oneliner.path()} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    send(socket, body);
    const { text, at } = await answer;
    return { text, ms: at - started };
  }

  it('cuts a body that stops arriving: 408, and the route never runs', async () => {
    const before = await chatCount();
    const { text, ms } = await chatBody((socket, body) => socket.write(body.slice(0, 20)));
    expect(statusLine(text)).toBe('HTTP/1.1 408 Request Timeout');
    expect(bodyOf(text)).toEqual({
      error: 'The request body stopped arriving. Send it again on a steadier connection.',
    });
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(4000);
    expect(await chatCount()).toBe(before);
  });

  it('cuts a body that trickles in to hold the connection', async () => {
    const { text, ms } = await chatBody((socket, body) => {
      let sent = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || sent >= body.length) return clearInterval(timer);
        socket.write(body[sent++]!);
      }, 50);
    });
    expect(statusLine(text)).toBe('HTTP/1.1 408 Request Timeout');
    expect(ms).toBeLessThan(4000);
  });

  it('lets a slow upload through while it keeps moving, over many windows', async () => {
    const staff = await quickUser(app, 'helper');
    const songId = await createSong(app);
    const folder = tempDir('queuecast-slow-upload-');
    const tone = await makeTone(app.ctx.media.tools.ffmpeg, path.join(folder, 'slow.wav'), {
      seconds: 10,
    });
    const form = multipartBody([
      { name: 'songid', value: String(songId) },
      { name: 'file', filename: 'slow.wav', content: fs.readFileSync(tone) },
    ]);
    const socket = await connectFrom(port, '127.0.0.8');
    const started = Date.now();
    const answer = untilClosed(socket);
    socket.write(
      `POST ${API.upload.path()} HTTP/1.1\r\nHost: x\r\n` +
        `Authorization: ${bearer(staff.token).authorization}\r\n` +
        `Content-Type: ${form.headers['content-type']}\r\n` +
        `Content-Length: ${form.payload.length}\r\nConnection: close\r\n\r\n`,
    );
    // 32 KiB every 150 ms: some 210 KiB/s, well above 16 KiB a window, for about four windows.
    for (let at = 0; at < form.payload.length; at += 32 * 1024) {
      socket.write(form.payload.subarray(at, at + 32 * 1024));
      await new Promise((r) => setTimeout(r, 150));
    }
    const { text } = await answer;
    expect(Date.now() - started).toBeGreaterThan(3000);
    expect(statusLine(text), text.slice(0, 400)).toBe('HTTP/1.1 200 OK');
    expect(bodyOf(text)).toMatchObject({ success: true, song_id: songId });
  }, 30_000);
});
