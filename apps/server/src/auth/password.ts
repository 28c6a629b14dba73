import { hash, verify } from '@node-rs/argon2';
import { Semaphore } from '../lib/semaphore.js';

// argon2id (the library default algorithm) with OWASP's minimum: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing runs on libuv's thread pool (4 threads), which file reads share: one hash at a time
 * leaves the others to static files and media, however many logins and sign-ups arrive.
 */
const hashing = new Semaphore(1);

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** Burns the same time as a real check, so unknown usernames cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
