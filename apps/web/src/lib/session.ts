import type { Role, TokenPayload } from '@queuecast/contract';
import { useSyncExternalStore } from 'react';
import { decodeToken } from './jwt';

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
   * The role the server gives the signed-in user now (the live connection's session answer).
   * The token keeps the role it was issued with; an admin may have changed it since, and the
   * server always goes by the current one, so the menus and pages do too.
   */
  adoptRole(userId: number, role: Role): void {
    const current = this.session;
    if (!current || current.user.id !== userId || current.user.role === role) return;
    this.set({ token: current.token, user: { ...current.user, role } });
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
  }
}

export const sessionStore = new SessionStore();

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
