/** What the ending rules need of the session store. */
export interface EndingSession {
  /**
   * The signed-in user and the version (`tv`) of the newest token this browser holds for them
   * (this page's, or one another tab has just stored); null when signed out.
   */
  current(): { userId: number; tokenVersion: number } | null;
  signOut(): void;
}

/**
 * How long a page told that its session ended waits before signing out. Another tab of this
 * browser may be changing the password (or logging out everywhere else) at this moment: the
 * server tells every socket before that tab's answer, with the fresh token, arrives and is
 * stored for all tabs to share.
 */
export const ENDED_GRACE_MS = 1500;

interface Pending {
  userId: number;
  tokenVersion: number;
  tell: () => void;
  graceOver: boolean;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Whether the server's word that the account's sessions ended (tokens older than a version
 * stopped working) signs this page out. Not when the page already holds a token of that version,
 * or comes to hold one: its own password change or log-out everywhere else is under way (the
 * server speaks before it answers; `renew` covers the wait), or another tab's is (the grace).
 * Otherwise the page signs out and says why.
 */
export class SessionEndings {
  private renewals = 0;
  private pending: Pending | null = null;

  constructor(private readonly session: EndingSession) {}

  /** Whether a renewal is under way (its old token may be refused meanwhile). */
  get renewing(): boolean {
    return this.renewals > 0;
  }

  /** Tokens of the signed-in user older than `tokenVersion` ended; `tell` says so once out. */
  ended(tokenVersion: number, tell: () => void): void {
    const current = this.session.current();
    if (!current || current.tokenVersion >= tokenVersion) return;
    if (this.pending) clearTimeout(this.pending.timer);
    const pending: Pending = {
      userId: current.userId,
      tokenVersion: Math.max(tokenVersion, this.pending?.tokenVersion ?? 0),
      tell,
      graceOver: false,
      timer: setTimeout(() => {
        pending.graceOver = true;
        this.check();
      }, ENDED_GRACE_MS),
    };
    this.pending = pending;
  }

  /**
   * Runs a call that answers a fresh token while the server ends the account's other sessions
   * (a password change, log out everywhere else); an ending heard meanwhile waits for it.
   */
  async renew<T>(call: () => Promise<T>): Promise<T> {
    this.renewals++;
    try {
      return await call();
    } finally {
      this.renewals--;
      this.check();
    }
  }

  /** Looks at a waiting ending again: after a renewal, the grace, or any change of token. */
  check(): void {
    const pending = this.pending;
    if (!pending) return;
    const current = this.session.current();
    const moved =
      !current || current.userId !== pending.userId || current.tokenVersion >= pending.tokenVersion;
    if (!moved && (this.renewing || !pending.graceOver)) return;
    clearTimeout(pending.timer);
    this.pending = null;
    if (moved) return;
    this.session.signOut();
    pending.tell();
  }
}
