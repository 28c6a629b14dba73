import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IDLE_CLOSE_DELAY_MS,
  LiveSocket,
  RECONNECT_DELAY_MS,
  type LiveAuthSource,
  type LiveSocketLike,
} from './live-socket';

class FakeSocket implements LiveSocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: LiveSocketLike['onopen'] = null;
  onmessage: LiveSocketLike['onmessage'] = null;
  onerror: LiveSocketLike['onerror'] = null;
  onclose: LiveSocketLike['onclose'] = null;
  send = (data: string) => void this.sent.push(JSON.parse(data));
  close = vi.fn(() => {
    this.readyState = 3;
  });
  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  serverSends(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  serverCloses() {
    this.readyState = 3;
    this.onclose?.({} as CloseEvent);
  }
}

/** A session whose token the test changes, as login, logout and expiry do. */
function fakeSession(initial: string | null) {
  let token = initial;
  const listeners = new Set<() => void>();
  const auth: LiveAuthSource = {
    token: () => token,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const set = (next: string | null) => {
    token = next;
    listeners.forEach((l) => l());
  };
  return { auth, set };
}

function setup(token: string | null) {
  const sockets: FakeSocket[] = [];
  const session = fakeSession(token);
  const live = new LiveSocket({
    open: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    auth: session.auth,
  });
  return { live, sockets, session };
}

describe('LiveSocket', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('announces the token once open, and every change of it after', () => {
    const { live, sockets, session } = setup('t1');
    live.subscribe(() => undefined);
    const socket = sockets[0]!;
    session.set('t2'); // not open yet: nothing can be sent
    expect(socket.sent).toEqual([]);
    socket.serverOpens();
    expect(socket.sent).toEqual([{ type: 'auth', token: 't2' }]);
    session.set('t2'); // the same token again (the expiry timer re-checking): nothing new
    session.set(null);
    session.set('t3');
    expect(socket.sent).toEqual([
      { type: 'auth', token: 't2' },
      { type: 'auth', token: null },
      { type: 'auth', token: 't3' },
    ]);
  });

  it('sends nothing for an anonymous visitor until a login', () => {
    const { live, sockets, session } = setup(null);
    live.subscribe(() => undefined);
    sockets[0]!.serverOpens();
    expect(sockets[0]!.sent).toEqual([]);
    session.set('t1');
    expect(sockets[0]!.sent).toEqual([{ type: 'auth', token: 't1' }]);
  });

  it('reconnects after 1 s and announces the token on the new socket', () => {
    const { live, sockets } = setup('t1');
    live.subscribe(() => undefined);
    sockets[0]!.serverOpens();
    sockets[0]!.serverCloses();
    vi.advanceTimersByTime(RECONNECT_DELAY_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    sockets[1]!.serverOpens();
    expect(sockets[1]!.sent).toEqual([{ type: 'auth', token: 't1' }]);
  });

  it('hands known messages to every subscriber and closes 1 s after the last leaves', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { live, sockets } = setup(null);
    const a = vi.fn();
    const b = vi.fn();
    const leaveA = live.subscribe(a);
    const leaveB = live.subscribe(b);
    expect(sockets).toHaveLength(1);
    const socket = sockets[0]!;
    socket.serverOpens();
    socket.serverSends({ type: 'listeners', listeners: 4 });
    socket.serverSends({ type: 'mystery' });
    expect(a).toHaveBeenCalledExactlyOnceWith({ type: 'listeners', listeners: 4 });
    expect(b).toHaveBeenCalledTimes(1);
    leaveA();
    leaveB();
    vi.advanceTimersByTime(IDLE_CLOSE_DELAY_MS - 1);
    expect(socket.close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(socket.close).toHaveBeenCalledOnce();
  });

  it('warns instead of sending while closed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { live, sockets } = setup(null);
    live.subscribe(() => undefined);
    live.send({ type: 'refresh' });
    expect(sockets[0]!.sent).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    sockets[0]!.serverOpens();
    live.send({ type: 'refresh' });
    expect(sockets[0]!.sent).toEqual([{ type: 'refresh' }]);
  });
});
