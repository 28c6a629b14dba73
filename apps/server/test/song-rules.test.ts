import type { SongDetail } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { fixedClock } from '../src/core/clock.js';
import { lockWindowStart, songRefusal, type SongFacts } from '../src/core/song-rules.js';
import { requestableSongs } from '../src/db/song-playable.js';
import { bearer, createSong, makePlayable, quickUser } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

const HOUR = 3600;
const T0 = Math.floor(Date.now() / 1000);
const rules = { queueLimit: 100, lockSeconds: 12 * HOUR, cooldownSeconds: 0 };

/**
 * The database filters (auto-DJ, queue actions), the song presenter and the request endpoint
 * against the domain core's answer, for songs in every state, at the edges of the lock window.
 */
let app: App;
const clock = fixedClock(T0);

beforeAll(async () => {
  app = await createTestApp({
    env: { QUEUE_LIMIT: '100', REQUEST_COOLDOWN_S: '0', SONG_LOCK_HOURS: '12' },
    clock,
  });
});

type Case = { name: string; facts: Partial<SongFacts> };
const cases: Case[] = [
  { name: 'never played', facts: {} },
  { name: 'locked, one second left', facts: { last_played_at: T0 - 12 * HOUR + 1 } },
  { name: 'lock ends now', facts: { last_played_at: T0 - 12 * HOUR } },
  { name: 'lock ended a second ago', facts: { last_played_at: T0 - 12 * HOUR - 1 } },
  { name: 'waiting in the queue', facts: { queue_state: 'queued' } },
  { name: 'on air', facts: { queue_state: 'playing', last_played_at: T0 - 30 } },
  { name: 'no file', facts: { has_file: false } },
  { name: 'unplayable', facts: { status: 'unplayable' } },
];

async function songIn(facts: Partial<SongFacts>): Promise<number> {
  const id = await createSong(app, { length: 120 });
  if (facts.has_file !== false) await makePlayable(app, id);
  await app.ctx.db
    .updateTable('songs')
    .set({
      last_played_at: facts.last_played_at ?? null,
      ...(facts.status ? { status: facts.status } : {}),
    })
    .where('id', '=', id)
    .execute();
  if (facts.queue_state) {
    await app.ctx.db
      .insertInto('queue_entries')
      .values({
        song_id: id,
        requested_by: null,
        requested_at: T0 - 60,
        state: facts.queue_state,
        started_at: facts.queue_state === 'playing' ? T0 - 30 : null,
      })
      .execute();
  }
  return id;
}

describe('one answer for whether a song can be requested', () => {
  it('the SQL filter, the presenter and POST /api/song/{id} agree with the core', async () => {
    const ids = new Map<string, number>();
    for (const c of cases) ids.set(c.name, await songIn(c.facts));
    const rows = await requestableSongs(app.ctx.db, lockWindowStart(T0, rules))
      .select('s.id')
      .where('s.id', 'in', [...ids.values()])
      .execute();
    const bySql = new Set(rows.map((r) => r.id));
    const user = await quickUser(app);

    for (const c of cases) {
      const id = ids.get(c.name)!;
      const facts: SongFacts = {
        status: 'active',
        has_file: true,
        last_played_at: null,
        queue_state: null,
        ...c.facts,
      };
      const refusal = songRefusal(facts, T0, rules);
      expect(bySql.has(id), c.name).toBe(refusal === null);

      const detail = (await app.inject({ url: `/api/song/${id}` })).json<SongDetail>();
      const requestable = refusal === null;
      expect(detail.song.recently_played, c.name).toBe(
        refusal === 'locked' || refusal === 'queued' || refusal === 'playing',
      );
      if (requestable) expect(detail.song.requestable_at, c.name).toBeNull();
      if (refusal === 'locked') {
        expect(detail.song.requestable_at, c.name).toBe(facts.last_played_at! + 12 * HOUR);
      }
      if (refusal === 'queued' || refusal === 'playing') {
        expect(detail.song.requestable_at, c.name).toBeGreaterThan(T0 + 12 * HOUR);
      }

      const res = await app.inject({
        method: 'POST',
        url: `/api/song/${id}`,
        headers: bearer(user.token),
      });
      expect(res.statusCode, c.name).toBe(requestable ? 200 : 409);
    }
  });

  it('the clock moves the edge: a locked song becomes requestable one second later', async () => {
    const id = await songIn({ last_played_at: T0 - 12 * HOUR + 1 });
    const user = await quickUser(app);
    const post = () =>
      app.inject({ method: 'POST', url: `/api/song/${id}`, headers: bearer(user.token) });
    clock.set(T0);
    expect((await post()).statusCode).toBe(409);
    clock.set(T0 + 1);
    try {
      expect((await post()).statusCode).toBe(200);
    } finally {
      clock.set(T0);
    }
  });
});
