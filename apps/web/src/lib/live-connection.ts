import type { LiveClientMessage, LiveServerMessage } from '@queuecast/contract';

const KNOWN_TYPES: ReadonlySet<string> = new Set<LiveServerMessage['type']>(['playback_update']);

function isLiveMessage(value: unknown): value is LiveServerMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'string' && KNOWN_TYPES.has(type);
}

type Listener = (message: LiveServerMessage) => void;

export const RECONNECT_DELAY_MS = 1000;
export const IDLE_CLOSE_DELAY_MS = 1000;

/**
 * One WebSocket shared by every part of the page (spec §4): opened by the first subscriber,
 * reopened 1 s after it closes, closed 1 s after the last subscriber leaves.
 */
class LiveConnection {
  private socket: WebSocket | null = null;
  private readonly listeners = new Set<Listener>();
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

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
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
    else console.warn('live connection not open; could not send', message.type);
  }

  private open(): void {
    clearTimeout(this.reconnectTimer);
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}/ws`);
    this.socket = socket;
    socket.onmessage = (event: MessageEvent<string>) => {
      // The server builds every message from the contract's schemas; the client checks only
      // the envelope, which keeps zod out of the first load.
      let parsed: unknown;
      try {
        parsed = JSON.parse(event.data);
      } catch (err) {
        console.warn('ignoring unparseable live message', err);
        return;
      }
      if (!isLiveMessage(parsed)) {
        console.warn('ignoring unknown live message', parsed);
        return;
      }
      this.listeners.forEach((l) => l(parsed));
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

export const liveConnection = new LiveConnection();
