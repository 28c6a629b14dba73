import { describe, expect, it } from 'vitest';
import { readiness, type ReadinessProbes } from './readiness.js';

const probes = (over: Partial<ReadinessProbes> = {}): ReadinessProbes => ({
  ping: () => Promise.resolve(),
  candidate: true,
  playout: () => 'on-air',
  hlsAgeMs: () => Promise.resolve(1500),
  ...over,
});

describe('readiness', () => {
  it('is ready when the database answers and the leader publishes fresh HLS', async () => {
    expect(await readiness(probes({ redis: () => true }))).toMatchObject({
      ready: true,
      database: { ok: true },
      redis: { ok: true },
      playout: { ok: true, state: 'on-air' },
      hls: { ok: true, age_s: 1.5 },
    });
  });

  it('is not ready without the database, Redis, a running playout or fresh HLS', async () => {
    const gone = await readiness(probes({ ping: () => Promise.reject(new Error('ECONNREFUSED')) }));
    expect(gone).toMatchObject({ ready: false, database: { ok: false, ms: null } });
    expect(gone.database.error).toContain('ECONNREFUSED');
    const slow = await readiness(probes({ ping: () => new Promise(() => undefined) }));
    expect(slow.database).toMatchObject({ ok: false });
    expect((await readiness(probes({ redis: () => false }))).redis).toEqual({
      ok: false,
      error: 'Not connected to Redis.',
    });
    expect((await readiness(probes({ playout: () => 'starting' }))).ready).toBe(false);
    const stale = await readiness(probes({ hlsAgeMs: () => Promise.resolve(9000) }));
    expect(stale).toMatchObject({ ready: false, hls: { ok: false, age_s: 9 } });
  });

  it('asks an API node or a standby for no playout or HLS of its own', async () => {
    const api = await readiness(probes({ candidate: false, playout: () => 'off' }));
    expect(api).toMatchObject({ ready: true, playout: { ok: true }, hls: null, redis: null });
    const standby = await readiness(probes({ playout: () => 'standby' }));
    expect(standby).toMatchObject({ ready: true, hls: null });
  });
});
