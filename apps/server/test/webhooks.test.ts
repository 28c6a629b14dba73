import crypto from 'node:crypto';
import http from 'node:http';
import { API, MAX_WEBHOOKS, type Webhook, type WebhookDelivery } from '@queuecast/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { bearer, quickUser } from './helpers/factories.js';
import { queueTones } from './helpers/queued-tones.js';
import { ffmpegSource, kick, namedUser, newDj } from './helpers/live-sources.js';
import { createTestApp } from './helpers/test-app.js';
import { until } from './helpers/until.js';

/*
 * Webhooks against receivers on 127.0.0.1 (allowed with WEBHOOK_ALLOW_PRIVATE): signed bodies
 * of a real track change, shows and new songs; a failing receiver retried and logged; a
 * receiver that hangs for 30 s while the station plays and answers; the admins' routes and
 * their refusals.
 */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver: `/ok` answers 204, `/fail` 500, `/hang` not for 30 s. */
class Receiver {
  readonly got: Received[] = [];
  private readonly hanging = new Set<http.ServerResponse>();
  private server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      this.got.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.url?.startsWith('/fail')) res.writeHead(500).end('no');
      else if (req.url?.startsWith('/hang')) {
        this.hanging.add(res);
        setTimeout(() => res.writeHead(200).end(), 30_000).unref();
      } else res.writeHead(204).end();
    });
  });
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as { port: number }).port;
  }
  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }
  on(path: string): Received[] {
    return this.got.filter((r) => r.path === path);
  }
  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }
}

/** A JSON body as sent. */
interface Sent {
  event: string;
  data: {
    song?: { title: string; artists: string[] };
    show?: { id: number; dj: string; started_at: number; ended_at: number | null };
  };
}

let app: App;
let base: string;
let port: number;
let admin: string;
const receiver = new Receiver();

beforeAll(async () => {
  app = await createTestApp({
    env: { WEBHOOK_ALLOW_PRIVATE: '1', STATION_NAME: 'Hook Radio' },
    webhookTiming: { backoffMs: [300, 300], pollMs: 100 },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
  await receiver.start();
  admin = (await quickUser(app, 'admin')).token;
  // The station plays from the start: its playout is the one that sends.
  await queueTones(app, [{ title: 'Hook Warm', artist: 'Signer', freq: 400, seconds: 60 }]);
  await app.ctx.station.start();
  await until('the first track on air', () =>
    app.ctx.db.selectFrom('play_history').select('id').executeTakeFirst(),
  );
}, 60_000);

afterAll(async () => {
  await app.ctx.station.stop();
  await receiver.close();
});

async function register(body: Record<string, unknown>): Promise<Webhook> {
  const res = await app.inject({
    method: 'POST',
    url: API.webhooks.path(),
    headers: bearer(admin),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Webhook>();
}

const deliveries = async (id: number) =>
  (
    await app.inject({
      method: 'GET',
      url: API.webhookDeliveries.path({ id }),
      headers: bearer(admin),
    })
  ).json<{ deliveries: WebhookDelivery[] }>().deliveries;

afterEach(async () => {
  for (const hook of (await app.ctx.webhooks.list()).webhooks) {
    await app.inject({
      method: 'DELETE',
      url: API.webhook.path({ id: hook.id }),
      headers: bearer(admin),
    });
  }
});

/** What a receiver does to check a delivery: the HMAC of `<timestamp>.<body>` with the secret. */
function verified(secret: string, got: Received): boolean {
  const timestamp = String(got.headers['x-queuecast-timestamp']);
  const expected = crypto
    .createHmac('sha256', secret)
    .update(`${timestamp}.${got.body}`)
    .digest('hex');
  const sent = String(got.headers['x-queuecast-signature']).replace(/^sha256=/, '');
  return (
    sent.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(expected)) &&
    Math.abs(Number(timestamp) - Date.now() / 1000) < 60
  );
}

describe('webhooks of the station', () => {
  it('a real track change reaches the receiver, signed; the request on air too; Discord gets a line', async () => {
    const listener = await quickUser(app, 'user');
    const hook = await register({
      url: receiver.url('/ok'),
      events: ['track.started', 'request.on_air'],
    });
    const discord = await register({
      url: receiver.url('/discord'),
      format: 'discord',
      events: ['track.started'],
    });
    const [, second] = await queueTones(app, [
      { title: 'Hook One', artist: 'Signer', freq: 500, seconds: 2 },
      { title: 'Hook <@everyone>', artist: 'Signer', freq: 600, seconds: 30 },
    ]);
    await app.ctx.db
      .updateTable('queue_entries')
      .set({ requested_by: listener.id })
      .where('song_id', '=', second!)
      .execute();
    app.ctx.station.playout.skip();
    const onAir = await until(
      'the request on air',
      () => receiver.on('/ok').find((r) => r.headers['x-queuecast-event'] === 'request.on_air'),
      30_000,
    );
    expect(verified(hook.secret, onAir)).toBe(true);
    // A body changed in transit no longer matches.
    expect(verified(hook.secret, { ...onAir, body: onAir.body.replace('Hook', 'Hack') })).toBe(
      false,
    );
    expect(verified('whsec_another', onAir)).toBe(false);
    const body = JSON.parse(onAir.body);
    expect(body).toMatchObject({
      event: 'request.on_air',
      delivery: onAir.headers['x-queuecast-delivery'],
      station: { name: 'Hook Radio' },
      data: { song: { id: second, title: 'Hook <@everyone>', artists: ['Signer'] } },
    });
    const username = (
      await app.ctx.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', listener.id)
        .executeTakeFirstOrThrow()
    ).username;
    expect(body.data.requested_by).toBe(username);
    const tracks = receiver
      .on('/ok')
      .filter((r) => r.headers['x-queuecast-event'] === 'track.started');
    expect(tracks.map((r) => (JSON.parse(r.body) as Sent).data.song!.title)).toEqual([
      'Hook One',
      'Hook <@everyone>',
    ]);
    for (const got of tracks) expect(verified(hook.secret, got)).toBe(true);

    const line = await until('the Discord line', () =>
      receiver.on('/discord').find((r) => r.body.includes('everyone')),
    );
    expect(verified(discord.secret, line)).toBe(true);
    expect(JSON.parse(line.body)).toEqual({
      username: 'Hook Radio',
      content: `Now playing: Signer - Hook <@everyone> (requested by ${username})`,
      allowed_mentions: { parse: [] },
    });
    // The log says each was delivered, with the answer's status and time.
    const log = await deliveries(hook.id);
    expect(log.length).toBeGreaterThanOrEqual(3);
    expect(log.every((d) => d.state === 'delivered' && d.status === 204 && d.attempts === 1)).toBe(
      true,
    );
    expect(log.every((d) => d.response_ms !== null && d.response_ms >= 0)).toBe(true);
  }, 60_000);

  it('a live show starting and ending, and a song added, are told once each', async () => {
    const hook = await register({
      url: receiver.url('/shows'),
      events: ['show.started', 'show.ended', 'song.added'],
    });
    const adminUser = await namedUser(app, 'admin');
    const dj = await newDj(app, adminUser);
    // A DJ's software goes on air through the station's own port, as at a real show.
    const source = ffmpegSource(app.ctx.media.tools.ffmpeg, port, dj, {
      freq: 880,
      tags: { title: 'Night Hook' },
    });
    try {
      const started = await until(
        'the show started',
        () => receiver.on('/shows').find((r) => r.headers['x-queuecast-event'] === 'show.started'),
        20_000,
      );
      expect(JSON.parse(started.body).data.show).toMatchObject({ dj: dj.username, ended_at: null });
      await kick(app, adminUser, 0);
      await until('the show ended', () =>
        receiver.on('/shows').find((r) => r.headers['x-queuecast-event'] === 'show.ended'),
      );
    } finally {
      source.kill('SIGKILL');
    }
    const [song] = await queueTones(app, [{ title: 'Hook New', artist: 'Adder', seconds: 2 }]);
    app.ctx.bus.publish({ type: 'feed.added', kind: 'new_song', id: song! });
    await until('the song added', () => receiver.on('/shows').length >= 3 && true);
    await new Promise((r) => setTimeout(r, 500));
    const got = receiver.on('/shows').map((r) => JSON.parse(r.body) as Sent);
    expect(got.map((b) => b.event)).toEqual(['show.started', 'show.ended', 'song.added']);
    expect(got[1]!.data.show!.id).toBe(got[0]!.data.show!.id);
    expect(got[1]!.data.show!.ended_at).toBeGreaterThanOrEqual(
      Math.floor(got[0]!.data.show!.started_at),
    );
    expect(got[2]!.data.song).toMatchObject({ title: 'Hook New', artists: ['Adder'] });
    for (const r of receiver.on('/shows')) expect(verified(hook.secret, r)).toBe(true);
  }, 60_000);

  it('a failing receiver is tried three times, then given up, each try in the log', async () => {
    const hook = await register({ url: receiver.url('/fail'), events: ['track.started'] });
    const test = await app.inject({
      method: 'POST',
      url: API.webhookTest.path({ id: hook.id }),
      headers: bearer(admin),
    });
    expect(test.statusCode).toBe(202);
    const queued = test.json<WebhookDelivery>();
    expect(queued).toMatchObject({ event: 'webhook.test', state: 'pending', attempts: 0 });
    const failed = await until('the delivery given up', async () =>
      (await deliveries(hook.id)).find((d) => d.id === queued.id && d.state === 'failed'),
    );
    expect(failed).toMatchObject({
      attempts: 3,
      status: 500,
      error: 'Answered 500',
      next_at: null,
    });
    const tries = receiver
      .on('/fail')
      .filter((r) => r.headers['x-queuecast-delivery'] === queued.id);
    expect(tries).toHaveLength(3);
    // Each try is signed afresh, with the same delivery id and body.
    expect(new Set(tries.map((r) => r.body)).size).toBe(1);
    for (const r of tries) expect(verified(hook.secret, r)).toBe(true);
  }, 30_000);

  it('a receiver that hangs for 30 s delays neither the playout, the API nor other webhooks', async () => {
    const hang = await register({
      url: receiver.url('/hang'),
      events: ['track.started', 'song.added'],
    });
    const ok = await register({ url: receiver.url('/after-hang'), events: ['track.started'] });
    // Deliveries wait behind the hanging one, which holds its own webhook only.
    for (let i = 0; i < 4; i++) {
      await app.inject({
        method: 'POST',
        url: API.webhookTest.path({ id: hang.id }),
        headers: bearer(admin),
      });
    }
    await until('the receiver holding the first tries', () => receiver.on('/hang').length >= 1);
    const [after] = await queueTones(app, [
      { title: 'Hook After', artist: 'Waiter', freq: 650, seconds: 30 },
    ]);
    const { playout } = app.ctx.station;
    // As a request does: the playout chooses again, and the request takes the auto-DJ's place.
    playout.reconsiderNext();
    // Skipped until it is on air (a request queued before it may come first).
    await until(
      'Hook After on air',
      () => {
        if (playout.nowPlaying?.songId === after) return true;
        if ((playout.upNext?.queueId ?? null) !== null) playout.skip();
        return false;
      },
      20_000,
    );
    const onAirAt = Date.now();
    const heard = await until(
      'the next track at the other receiver',
      () => receiver.on('/after-hang').find((r) => r.body.includes('Hook After')),
      10_000,
    );
    expect(verified(ok.secret, heard)).toBe(true);
    const delay = Date.now() - onAirAt;
    // The API answers as it does when nobody hangs.
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      const res = await fetch(`${base}${API.nowPlaying.path()}`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      times.push(performance.now() - t);
    }
    expect(Math.max(...times)).toBeLessThan(500);
    expect(delay).toBeLessThan(3000);
    // One try at a time per webhook: the other three wait behind the hanging one.
    expect(receiver.on('/hang')).toHaveLength(1);
    expect(app.ctx.station.isRunning).toBe(true);
    // After 10 s without an answer, the tries are logged as timed out and wait for a retry.
    const timedOut = await until(
      'the hanging tries timed out',
      async () => {
        const log = await deliveries(hang.id);
        return log.some((d) => d.error === 'No answer within 10 s') && log;
      },
      20_000,
    );
    const late = timedOut.find((d) => d.error === 'No answer within 10 s')!;
    expect(late.status).toBeNull();
    expect(late.response_ms).toBeGreaterThanOrEqual(9_900);
    expect(late.attempts).toBe(1);
  }, 60_000);
});

describe('the admins’ webhook routes', () => {
  it('refuse what is not http(s), the station itself, and more than 20 webhooks', async () => {
    const post = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: API.webhooks.path(), headers: bearer(admin), payload });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ url: 'javascript:alert(1)', events: ['track.started'] }, /http:\/\//],
      [{ url: 'gopher://example.com/', events: ['track.started'] }, /http:\/\//],
      [{ url: `${base}/api/queue`, events: ['track.started'] }, /this station itself/],
      [{ url: receiver.url('/ok'), events: [] }, /at least one event/],
      [{ url: receiver.url('/ok'), events: ['track.exploded'] }, /./],
      [{ url: `https://example.com/${'a'.repeat(2000)}`, events: ['track.started'] }, /2000/],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    for (let i = 0; i < MAX_WEBHOOKS; i++) {
      expect((await post({ url: receiver.url(`/n${i}`), events: ['song.added'] })).statusCode).toBe(
        201,
      );
    }
    const over = await post({ url: receiver.url('/n21'), events: ['song.added'] });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe('A station may have at most 20 webhooks');
  });

  it('change, disable and remove a webhook; a disabled one is not told', async () => {
    const hook = await register({ url: receiver.url('/ok'), events: ['song.added'] });
    const put = await app.inject({
      method: 'PUT',
      url: API.webhook.path({ id: hook.id }),
      headers: bearer(admin),
      payload: {
        url: receiver.url('/off'),
        events: ['song.added'],
        enabled: false,
        format: 'discord',
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      url: receiver.url('/off'),
      enabled: false,
      format: 'discord',
      secret: hook.secret,
    });
    await app.ctx.webhooks.publish({ event: 'song.added', data: {}, text: 'x' });
    expect(await deliveries(hook.id)).toEqual([]);
    const missing = { headers: bearer(admin) };
    expect(
      (await app.inject({ method: 'DELETE', url: API.webhook.path({ id: hook.id }), ...missing }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: API.webhook.path({ id: hook.id }), ...missing }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: API.webhookDeliveries.path({ id: hook.id }),
          ...missing,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('are for admins only, and a moderator never sees a secret', async () => {
    const moderator = await quickUser(app, 'moderator');
    const res = await app.inject({
      method: 'GET',
      url: API.webhooks.path(),
      headers: bearer(moderator.token),
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('whsec_');
  });
});

describe('a station that does not allow private targets', () => {
  it('refuses a receiver on loopback or link-local, by address or by name', async () => {
    const closed = await createTestApp();
    const token = (await quickUser(closed, 'admin')).token;
    for (const url of [
      receiver.url('/ok'),
      `http://localhost:${receiver.port}/`,
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/',
    ]) {
      const res = await closed.inject({
        method: 'POST',
        url: API.webhooks.path(),
        headers: bearer(token),
        payload: { url, events: ['track.started'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatch(/inside the network.*WEBHOOK_ALLOW_PRIVATE/);
    }
  });
});
