import { Redis } from 'ioredis';
import pg from 'pg';

/*
 * The outside services some tests need. Each probe answers false instead of throwing, and
 * quickly, so that a test file can decide at load time whether to run or skip (or, in CI, fail).
 */

/** In CI a missing service fails the tests that need it, instead of skipping them. */
export const SERVICES_REQUIRED = process.env.CI === 'true' || process.env.CI === '1';

export const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function postgresReachable(url = PG_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export async function redisReachable(url = REDIS_URL): Promise<boolean> {
  // One attempt and no retries: ioredis would otherwise keep reconnecting and never answer no.
  const probe = new Redis(url, {
    lazyConnect: true,
    retryStrategy: () => null,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
