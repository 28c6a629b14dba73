import type { LiveMessageOf } from '@queuecast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenSession } from '../auth/guards.js';
import type { LiveFanout } from './live-fanout.js';
import { roomsFor } from './rooms.js';

export type Authenticate = (token: string) => Promise<TokenSession | null>;

export const REFUSED = 'Your session has expired. Please log in again.';
/** The longest a timer can wait (about 24.8 days); a later expiry is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Session {
  /** Bumped by every auth request, so that a slow answer to an older one is dropped. */
  seq: number;
  expiry: NodeJS.Timeout | null;
}

/**
 * Who each socket belongs to. An `auth` message is checked as the HTTP guards check a bearer
 * token; the answer is a `session` message, and the socket's rooms follow it: `all`, and for a
 * user theirs (and `staff`). A null token leaves them (logout); so does the token's expiry.
 */
export class LiveSessions {
  private readonly sessions = new Map<number, Session>();

  constructor(
    private readonly authenticate: Authenticate,
    private readonly fanout: LiveFanout,
    private readonly log: FastifyBaseLogger,
  ) {}

  opened(id: number): void {
    this.sessions.set(id, { seq: 0, expiry: null });
  }

  closed(id: number): void {
    const session = this.sessions.get(id);
    if (session?.expiry) clearTimeout(session.expiry);
    this.sessions.delete(id);
  }

  async auth(id: number, token: string | null): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    const seq = ++session.seq;
    if (session.expiry) clearTimeout(session.expiry);
    session.expiry = null;
    if (token === null) return this.answer(id, { type: 'session', user: null });
    let found: TokenSession | null;
    try {
      found = await this.authenticate(token);
    } catch (err) {
      this.log.error({ err }, 'could not check a live session');
      found = null;
    }
    if (this.sessions.get(id) !== session || session.seq !== seq) return;
    if (!found) return this.answer(id, { type: 'session', user: null, error: REFUSED });
    const { user, expiresAt, mutedUntil } = found;
    this.expireAt(id, session, expiresAt);
    const muted = mutedUntil !== null && mutedUntil > Date.now() / 1000;
    this.answer(id, { type: 'session', user, ...(muted ? { muted_until: mutedUntil } : {}) }, user);
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
        this.answer(id, { type: 'session', user: null, error: REFUSED });
      },
      Math.max(0, Math.min(ms, MAX_TIMER_MS)),
    );
    session.expiry.unref();
  }

  private answer(
    id: number,
    message: LiveMessageOf<'session'>,
    user: Parameters<typeof roomsFor>[0] = null,
  ): void {
    this.fanout.session(id, roomsFor(user), Buffer.from(JSON.stringify(message)));
  }
}
