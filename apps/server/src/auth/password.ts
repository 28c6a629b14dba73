import { hash, verify } from '@node-rs/argon2';
import { FairSemaphore } from '../lib/fair-semaphore.js';

// argon2id (the library default algorithm) with OWASP's minimum: 19 MiB, 2 passes.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing runs on libuv's thread pool (4 threads), which file reads share: one hash at a time
 * leaves the others to static files and media, however many logins and sign-ups arrive.
 *
 * One slot is also what a flood of guesses competes for, so the waiting callers take turns by
 * client address: a client with fifty guesses queued delays another's login by one hash (about
 * 20 ms), not fifty. The address rather than the account, because a flooder can make accounts
 * (or guess at other people's) but not addresses, and the rate limits count per address too.
 * More slots would not help: a flooder fills them all, and file reads would wait as well.
 */
const hashing = new FairSemaphore(1);

/** Work started by the server itself (the first admin, the command line). */
export const LOCAL_CLIENT = 'local';

export function hashPassword(password: string, client = LOCAL_CLIENT): Promise<string> {
  return hashing.run(client, () => hash(password, OPTIONS));
}

export async function verifyPassword(
  passwordHash: string,
  password: string,
  client = LOCAL_CLIENT,
): Promise<boolean> {
  try {
    return await hashing.run(client, () => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** Burns the same time as a real check, so unknown usernames cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(
  password: string,
  client = LOCAL_CLIENT,
): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password, client);
  return false;
}
