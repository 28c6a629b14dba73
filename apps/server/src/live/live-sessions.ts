import type { LiveMessageOf } from '@queuecast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenSession } from '../auth/guards.js';
import type { LiveFanout } from './live-fanout.js';
import { roomsFor } from './rooms.js';

export type Authenticate = (token: string) => Promise<TokenSession | null>;
/** The current token version of each of these users that exists. */
export type TokenVersions = (userIds: readonly number[]) => Promise<Map<number, number>>;

export const REFUSED = 'Your session has expired. Please log in again.';
export const ENDED = 'Your session has ended. Please log in again.';
/** The longest a timer can wait (about 24.8 days); a later expiry is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Users whose token versions one sweep reads in one query. */
const SWEEP_BATCH = 500;

interface Session {
  /** Bumped by every auth request, so that a slow answer to an older one is dropped. */
  seq: number;
  expiry: NodeJS.Timeout | null;
  /** Whose rooms the socket is in, and the version of the token that put it there. */
  user: { id: number; tokenVersion: number } | null;
}

/**
 * Who each socket belongs to. An `auth` message is checked as the HTTP guards check a bearer
 * token; the answer is a `session` message, and the socket's rooms follow it: `all`, and for a
 * user theirs (and `staff`). A null token leaves them (logout); so do the token's expiry and
 * the revocation of the account's older tokens (`revoke`, from the bus), which spares the
 * sockets already on a token of the new version.
 */
export class LiveSessions {
  private readonly sessions = new Map<number, Session>();
  /** The signed-in sockets of each user, so that a revocation finds them without a scan. */
  private readonly byUser = new Map<number, Set<number>>();
  /** Token checks under way. */
  private checking = 0;
  /**
   * Revocations heard while a check was under way (user id: the version tokens need now). A
   * check may have read the account just before the revocation was written, and answer after
   * it was announced: it is held against these. Emptied whenever no check is under way.
   */
  private readonly revokedMeanwhile = new Map<number, number>();

  constructor(
    private readonly authenticate: Authenticate,
    private readonly tokenVersions: TokenVersions,
    private readonly fanout: LiveFanout,
    private readonly log: FastifyBaseLogger,
  ) {}

  opened(id: number): void {
    this.sessions.set(id, { seq: 0, expiry: null, user: null });
  }

  closed(id: number): void {
    const session = this.sessions.get(id);
    if (!session) return;
    if (session.expiry) clearTimeout(session.expiry);
    this.setUser(id, session, null);
    this.sessions.delete(id);
  }

  async auth(id: number, token: string | null): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    const seq = ++session.seq;
    if (session.expiry) clearTimeout(session.expiry);
    session.expiry = null;
    if (token === null) return this.end(id, session, { type: 'session', user: null });
    let found: TokenSession | null;
    this.checking++;
    try {
      found = await this.authenticate(token);
    } catch (err) {
      this.log.error({ err }, 'could not check a live session');
      found = null;
    }
    const revokedTo = found ? this.revokedMeanwhile.get(found.user.id) : undefined;
    if (--this.checking === 0) this.revokedMeanwhile.clear();
    if (this.sessions.get(id) !== session || session.seq !== seq) return;
    if (!found) return this.end(id, session, { type: 'session', user: null, error: REFUSED });
    const { user, expiresAt, tokenVersion, mutedUntil } = found;
    if (revokedTo !== undefined && tokenVersion < revokedTo) {
      return this.end(id, session, ended(revokedTo));
    }
    this.setUser(id, session, { id: user.id, tokenVersion });
    this.expireAt(id, session, expiresAt);
    const muted = mutedUntil !== null && mutedUntil > Date.now() / 1000;
    this.answer(id, { type: 'session', user, ...(muted ? { muted_until: mutedUntil } : {}) }, user);
  }

  /**
   * The user's tokens older than `tokenVersion` stopped working: each of their sockets signed in
   * with one is told, and leaves the user's rooms. A socket on a token of that version or newer
   * (the browser that changed the password, re-authenticated) keeps them.
   */
  revoke(userId: number, tokenVersion: number): void {
    if (this.checking > 0) {
      const known = this.revokedMeanwhile.get(userId) ?? -Infinity;
      this.revokedMeanwhile.set(userId, Math.max(known, tokenVersion));
    }
    for (const id of [...(this.byUser.get(userId) ?? [])]) {
      const session = this.sessions.get(id);
      if (!session?.user || session.user.tokenVersion >= tokenVersion) continue;
      if (session.expiry) clearTimeout(session.expiry);
      session.expiry = null;
      this.end(id, session, ended(tokenVersion));
    }
  }

  /**
   * Compares every signed-in socket's token version with the account's current one, and ends
   * those behind. The bus announces each revocation within a second; this catches one it lost
   * (Redis away at that moment, or a command-line change on a station without Redis).
   */
  async sweep(): Promise<void> {
    const users = [...this.byUser.keys()];
    for (let i = 0; i < users.length; i += SWEEP_BATCH) {
      const batch = users.slice(i, i + SWEEP_BATCH);
      const versions = await this.tokenVersions(batch);
      for (const userId of batch) {
        const current = versions.get(userId);
        if (current !== undefined) this.revoke(userId, current);
      }
    }
  }

  close(): void {
    for (const id of [...this.sessions.keys()]) this.closed(id);
  }

  private expireAt(id: number, session: Session, expiresAt: number): void {
    const ms = expiresAt * 1000 - Date.now();
    session.expiry = setTimeout(
      () => {
        session.expiry = null;
        if (this.sessions.get(id) !== session) return;
        if (ms > MAX_TIMER_MS) return this.expireAt(id, session, expiresAt);
        session.seq++;
        this.end(id, session, { type: 'session', user: null, error: REFUSED });
      },
      Math.max(0, Math.min(ms, MAX_TIMER_MS)),
    );
    session.expiry.unref();
  }

  /** Makes the socket anonymous (room `all` only) and tells it why. */
  private end(id: number, session: Session, message: LiveMessageOf<'session'>): void {
    this.setUser(id, session, null);
    this.answer(id, message);
  }

  private setUser(id: number, session: Session, user: Session['user']): void {
    if (session.user) {
      const ids = this.byUser.get(session.user.id);
      ids?.delete(id);
      if (ids?.size === 0) this.byUser.delete(session.user.id);
    }
    session.user = user;
    if (!user) return;
    let ids = this.byUser.get(user.id);
    if (!ids) this.byUser.set(user.id, (ids = new Set()));
    ids.add(id);
  }

  private answer(
    id: number,
    message: LiveMessageOf<'session'>,
    user: Parameters<typeof roomsFor>[0] = null,
  ): void {
    this.fanout.session(id, roomsFor(user), Buffer.from(JSON.stringify(message)));
  }
}

const ended = (tokenVersion: number): LiveMessageOf<'session'> => ({
  type: 'session',
  user: null,
  error: ENDED,
  token_version: tokenVersion,
});
