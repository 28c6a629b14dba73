import type { Role, TokenPayload } from '@queuecast/contract';
import { useSyncExternalStore } from 'react';
import { decodeToken } from './jwt';
import { SessionEndings } from './session-endings';

/** localStorage keys; other tabs and older pages read the same names. */
export const STORAGE_KEYS = { token: 'authToken', favorites: 'favorites', votes: 'votes' } as const;

export interface Session {
  token: string;
  user: TokenPayload;
}

type Listener = () => void;

/**
 * The signed-in state: the token lives in localStorage, its payload is the user.
 * An expired or undecodable token logs out at once; a timer logs out at the exact expiry.
 */
class SessionStore {
  private session: Session | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<Listener>();
  private readonly endings = new SessionEndings({
    current: () => this.newest(),
    signOut: () => this.logout(),
  });

  constructor() {
    this.adopt(localStorage.getItem(STORAGE_KEYS.token));
    window.addEventListener('storage', (e) => {
      if (e.key === STORAGE_KEYS.token) this.adopt(e.newValue);
    });
  }

  get = (): Session | null => this.session;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  login(token: string): boolean {
    localStorage.setItem(STORAGE_KEYS.token, token);
    this.adopt(token);
    return this.session !== null;
  }

  logout(): void {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
    this.set(null);
  }

  /**
   * Runs a call that answers a fresh token while ending the account's other sessions (a
   * password change, log out everywhere else) and signs in with it. The live socket is told its
   * session ended before the answer arrives; that does not sign the page out.
   */
  async renew(call: () => Promise<string>): Promise<void> {
    await this.endings.renew(async () => {
      this.login(await call());
    });
  }

  /**
   * The server ended this user's tokens older than `tokenVersion` (the live socket said so).
   * Signs out and calls `tell` unless this browser holds, or soon holds, a token that new.
   */
  ended(tokenVersion: number, tell: () => void): void {
    this.endings.ended(tokenVersion, tell);
  }

  /**
   * A call made with `token` answered 401: signs out, unless the page has moved on to another
   * token meanwhile or is renewing it (a call sent just before a password change is refused).
   */
  refused(token: string): void {
    if (this.session?.token !== token || this.endings.renewing) return;
    this.logout();
  }

  /**
   * The role the server gives the signed-in user now (the live connection's session answer).
   * The token keeps the role it was issued with; an admin may have changed it since, and the
   * server always goes by the current one, so the menus and pages do too.
   */
  adoptRole(userId: number, role: Role): void {
    const current = this.session;
    if (!current || current.user.id !== userId || current.user.role === role) return;
    this.set({ token: current.token, user: { ...current.user, role } });
  }

  /** The user, and the version of the newest token this browser holds for them. */
  private newest(): { userId: number; tokenVersion: number } | null {
    const session = this.session;
    if (!session) return null;
    const stored = decodeToken(localStorage.getItem(STORAGE_KEYS.token) ?? '');
    const tokenVersion =
      stored?.id === session.user.id ? Math.max(stored.tv, session.user.tv) : session.user.tv;
    return { userId: session.user.id, tokenVersion };
  }

  private adopt(token: string | null): void {
    if (!token) return this.set(null);
    const user = decodeToken(token);
    if (!user || user.exp * 1000 <= Date.now()) return this.logout();
    this.set({ token, user });
  }

  private set(session: Session | null): void {
    clearTimeout(this.timer);
    this.session = session;
    if (session) {
      // setTimeout caps at about 24.8 days; re-check then if the token lives longer.
      const wait = Math.min(session.user.exp * 1000 - Date.now(), 2 ** 31 - 1);
      this.timer = setTimeout(() => this.adopt(session.token), Math.max(0, wait));
    }
    this.listeners.forEach((l) => l());
    this.endings.check();
  }
}

export const sessionStore = new SessionStore();

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
