import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { LeaseRepo } from '../src/station/leader/lease.repo.js';
import { PlayoutLeader } from '../src/station/leader/playout-leader.js';
import { createTestApp } from './helpers/test-app.js';

/*
 * The playout lease on the real database (SQLite or PostgreSQL per TEST_DB), and leaders
 * competing for it. The station they start and stop is a recorder of those calls: the real
 * station taking over after a kill -9 is the failover test's (failover.test.ts).
 */

let app: App;
let lease: LeaseRepo;
beforeAll(async () => {
  app = await createTestApp();
  lease = new LeaseRepo(app.ctx.db);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

describe('the lease', () => {
  afterEach(async () => {
    await app.ctx.db.deleteFrom('playout_lease').execute();
  });

  it('is held by one claimant until it runs out, then by the next', async () => {
    expect(await lease.current()).toBeNull();
    expect(await lease.claim('a', 400)).toBe(true);
    expect(await lease.claim('b', 400)).toBe(false);
    expect(await lease.claim('a', 400)).toBe(true);
    const held = await lease.current();
    expect(held?.holder).toBe('a');
    expect(held?.remainingMs).toBeGreaterThan(200);
    expect(held?.remainingMs).toBeLessThanOrEqual(400);
    await sleep(500);
    expect(await lease.claim('b', 400)).toBe(true);
    expect(await lease.claim('a', 400)).toBe(false);
    expect((await lease.current())?.holder).toBe('b');
  });

  it('is free at once when its holder releases it, and only its holder can', async () => {
    expect(await lease.claim('a', 60_000)).toBe(true);
    await lease.release('b');
    expect(await lease.claim('b', 60_000)).toBe(false);
    await lease.release('a');
    expect(await lease.claim('b', 60_000)).toBe(true);
  });

  it('goes to exactly one of many claiming at once', async () => {
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => lease.claim(`c${i}`, 60_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});

/** A station that records being started and stopped. */
function recorder() {
  const calls: string[] = [];
  return {
    calls,
    start: async () => {
      calls.push('start');
    },
    stop: async () => {
      calls.push('stop');
    },
  };
}

describe('leaders', () => {
  afterEach(async () => {
    await app.ctx.db.deleteFrom('playout_lease').execute();
  });

  const leader = (station: ReturnType<typeof recorder>) =>
    new PlayoutLeader({ lease, station, log: app.log, ttlMs: 600, renewMs: 100, tryMs: 50 });

  it('one plays, the other stands by and takes over when the first steps down', async () => {
    const [one, two] = [recorder(), recorder()];
    const first = leader(one);
    const second = leader(two);
    first.start();
    await until(() => first.status === 'on-air');
    second.start();
    await sleep(400);
    expect(second.status).toBe('standby');
    expect(two.calls).toEqual([]);

    await first.stop();
    expect(one.calls).toEqual(['start', 'stop']);
    await until(() => second.status === 'on-air', 1000);
    expect(two.calls).toEqual(['start']);
    await second.stop();
  });

  it('a leader whose claim was taken goes off air and says so', async () => {
    const station = recorder();
    const first = leader(station);
    let lost = 0;
    first.onLost = () => lost++;
    first.start();
    await until(() => first.status === 'on-air');
    // Another process holds it now (as after this one stalled past its claim).
    await app.ctx.db
      .updateTable('playout_lease')
      .set({ holder: 'someone else', expires_at: Date.now() + 3_600_000 })
      .execute();
    await until(() => first.status === 'off', 1000);
    expect(station.calls).toEqual(['start', 'stop']);
    expect(lost).toBe(1);
    await first.stop();
  });
});
