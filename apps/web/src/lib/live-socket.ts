import type { LiveClientMessage, LiveServerMessage } from '@queuecast/contract';
import { parseLiveMessage } from './live-messages';

type Listener = (message: LiveServerMessage) => void;

export const RECONNECT_DELAY_MS = 1000;
export const IDLE_CLOSE_DELAY_MS = 1000;

/** WebSocket.OPEN, spelled out so this file does not need the global at load time. */
const OPEN = 1;

/** The part of a WebSocket this client uses. */
export type LiveSocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close'> & {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
};

/** Whose socket this is: the session's token and its changes (login, logout, expiry). */
export interface LiveAuthSource {
  token(): string | null;
  subscribe(listener: () => void): () => void;
}

export interface LiveSocketOptions {
  open: () => LiveSocketLike;
  auth: LiveAuthSource;
}

/**
 * One WebSocket shared by every part of the page: opened by the first subscriber, reopened 1 s
 * after it closes, closed 1 s after the last subscriber leaves. A new socket is anonymous; it
 * joins its user's room with an `auth` message once open and again whenever the token changes
 * (null leaves it). The token travels in a message, never in the URL, which ends up in logs.
 */
export class LiveSocket {
  private socket: LiveSocketLike | null = null;
  /** The token the open socket last announced (null: anonymous). */
  private socketToken: string | null = null;
  private readonly listeners = new Set<Listener>();
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: LiveSocketOptions) {
    options.auth.subscribe(() => this.syncAuth());
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    clearTimeout(this.idleTimer);
    if (!this.socket) this.open();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        clearTimeout(this.idleTimer);
        this.idleTimer = setTimeout(() => {
          if (this.listeners.size === 0) this.close();
        }, IDLE_CLOSE_DELAY_MS);
      }
    };
  }

  /** Sends when open; otherwise only warns (the server pushes a fresh update on connect). */
  send(message: LiveClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
    else console.warn('live connection not open; could not send', message.type);
  }

  private syncAuth(): void {
    const token = this.options.auth.token();
    if (this.socket?.readyState !== OPEN || token === this.socketToken) return;
    this.socketToken = token;
    this.send({ type: 'auth', token });
  }

  private open(): void {
    clearTimeout(this.reconnectTimer);
    const socket = this.options.open();
    this.socket = socket;
    this.socketToken = null;
    socket.onopen = () => {
      if (this.socket === socket) this.syncAuth();
    };
    socket.onmessage = (event) => {
      const message = parseLiveMessage(event.data);
      if (message) this.listeners.forEach((l) => l(message));
    };
    socket.onerror = (event) => console.error('live connection error', event);
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.listeners.size > 0) {
        this.reconnectTimer = setTimeout(() => {
          if (this.listeners.size > 0 && !this.socket) this.open();
        }, RECONNECT_DELAY_MS);
      }
    };
  }

  private close(): void {
    clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }
}
