import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { LeaseRepo } from '../src/station/leader/lease.repo.js';
import { FenceFile, PLAYOUT_FENCE_FILE } from '../src/station/leader/fence-file.js';
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

  it('a leader whose claim was taken goes off air and stands by again, in the same process', async () => {
    const station = recorder();
    const first = leader(station);
    first.start();
    await until(() => first.status === 'on-air');
    expect(first.mayPublish()).toBe(true);
    // Another process holds it now (as after this one stalled past its claim).
    await app.ctx.db
      .updateTable('playout_lease')
      .set({ holder: 'someone else', expires_at: Date.now() + 3_600_000 })
      .execute();
    await until(() => first.status === 'standby', 1000);
    expect(station.calls).toEqual(['start', 'stop']);
    expect(first.mayPublish()).toBe(false);
    // Once the other's claim is gone, it takes the lease (a new term) and plays again.
    await app.ctx.db.updateTable('playout_lease').set({ expires_at: 0 }).execute();
    await until(() => first.status === 'on-air', 1000);
    expect(station.calls).toEqual(['start', 'stop', 'start']);
    await first.stop();
  });
});

describe('a database outage', () => {
  afterEach(async () => {
    await app.ctx.db.deleteFrom('playout_lease').execute();
  });

  /** The real lease, cut off from its database while `down` is set. */
  function flaky() {
    const state = { down: false };
    const repo = Object.assign(Object.create(lease) as LeaseRepo, {
      claimTerm: (holder: string, ttl: number, address: string | null) =>
        state.down
          ? Promise.reject(
              Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
            )
          : lease.claimTerm(holder, ttl, address),
    });
    return { state, repo };
  }

  it("counts a term per holder: the same holder's renewals keep it", async () => {
    expect(await lease.claimTerm('a', 60_000, null)).toBe(1);
    expect(await lease.claimTerm('a', 60_000, null)).toBe(1);
    expect(await lease.claimTerm('b', 60_000, null)).toBeNull();
    await lease.release('a');
    expect(await lease.claimTerm('b', 60_000, null)).toBe(2);
    await lease.release('b');
    expect(await lease.claimTerm('a', 60_000, null)).toBe(3);
  });

  it('is ridden out on air; a newer term at the fence ends it; the database back, it renews', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qc-fence-'));
    const fence = new FenceFile(path.join(dir, PLAYOUT_FENCE_FILE));
    const { state, repo } = flaky();
    const station = recorder();
    const one = new PlayoutLeader({
      lease: repo,
      station,
      log: app.log,
      fence,
      ttlMs: 600,
      renewMs: 100,
      tryMs: 50,
    });
    try {
      one.start();
      await until(() => one.status === 'on-air');
      expect(fence.read()).toBe(1);
      state.down = true;
      // Three leases without the database: still on air, still publishing.
      await sleep(1800);
      expect(one.status).toBe('on-air');
      expect(one.ridingOut).toBe(true);
      expect(one.mayPublish()).toBe(true);
      expect(station.calls).toEqual(['start']);
      state.down = false;
      await until(() => !one.ridingOut);
      expect(one.status).toBe('on-air');
      expect(station.calls).toEqual(['start']);

      // Cut off again, and another playout (reaching the database) takes over meanwhile.
      state.down = true;
      await sleep(200);
      await fence.raise(2);
      await until(() => one.status === 'standby', 1000);
      expect(one.mayPublish()).toBe(false);
      expect(station.calls).toEqual(['start', 'stop']);
    } finally {
      await one.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a leader frozen past its lease publishes nothing when thawed, and stands by', async () => {
    const station = recorder();
    const one = new PlayoutLeader({
      lease,
      station,
      log: app.log,
      ttlMs: 600,
      renewMs: 100,
      tryMs: 50,
    });
    one.start();
    await until(() => one.status === 'on-air');
    // Frozen: its event loop blocked past the lease, and meanwhile another took it.
    await app.ctx.db
      .updateTable('playout_lease')
      .set({ holder: 'someone else', expires_at: Date.now() + 3_600_000 })
      .execute();
    const frozenUntil = Date.now() + 800;
    while (Date.now() < frozenUntil) {
      // busy: no timer of the leader runs
    }
    // Thawed: before its next claim answers, it may not publish.
    expect(one.mayPublish()).toBe(false);
    await until(() => one.status === 'standby', 1000);
    expect(station.calls).toEqual(['start', 'stop']);
    await one.stop();
  });
});
