import type { Health, Readiness } from '@queuecast/contract';

/** How long the database may take to answer the readiness check's ping. */
const PING_TIMEOUT_MS = 1500;
/** The leader's published HLS playlist is fresh for this long (segments are 2 s). */
export const HLS_FRESH_MS = 6000;

/** What readiness asks of the process. */
export interface ReadinessProbes {
  /** Resolves when the database answers. */
  ping: () => Promise<void>;
  /** The bus's connections to Redis are up; absent without Redis. */
  redis?: () => boolean;
  /** Whether this process is a playout candidate (its role needs the playout running). */
  candidate: boolean;
  playout: () => Health['playout'];
  /** The age of the listeners' playlist in ms (null: none yet). */
  hlsAgeMs: () => Promise<number | null>;
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const words = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Every check, at once. */
export async function readiness(probes: ReadinessProbes): Promise<Readiness> {
  const started = performance.now();
  const database = await withTimeout(probes.ping(), PING_TIMEOUT_MS).then(
    () => ({ ok: true, ms: Math.round(performance.now() - started) }),
    (err: unknown) => ({
      ok: false,
      ms: null,
      error: `The database did not answer: ${words(err)}`,
    }),
  );
  const redis = probes.redis
    ? probes.redis()
      ? { ok: true }
      : { ok: false, error: 'Not connected to Redis.' }
    : null;
  const state = probes.playout();
  const playout =
    !probes.candidate || state === 'on-air' || state === 'standby'
      ? { ok: true, state }
      : { ok: false, state, error: `The playout is ${state}.` };
  let hls: Readiness['hls'] = null;
  if (state === 'on-air') {
    const age = await probes.hlsAgeMs();
    hls =
      age !== null && age <= HLS_FRESH_MS
        ? { ok: true, age_s: age / 1000 }
        : {
            ok: false,
            age_s: age === null ? null : age / 1000,
            error: `The HLS playlist is not fresh (within ${HLS_FRESH_MS / 1000} s).`,
          };
  }
  const ready = database.ok && (redis?.ok ?? true) && playout.ok && (hls?.ok ?? true);
  return { ready, database, redis, playout, hls };
}
