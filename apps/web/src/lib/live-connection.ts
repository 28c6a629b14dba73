import { LIVE_PATH } from '@queuecast/contract';
import { LiveSocket } from './live-socket';
import { sessionStore } from './session';

/** The page's one live connection, on this origin, following the session's token. */
export const liveConnection = new LiveSocket({
  open: () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    return new WebSocket(`${scheme}://${location.host}${LIVE_PATH}`);
  },
  auth: {
    token: () => sessionStore.get()?.token ?? null,
    subscribe: sessionStore.subscribe,
  },
});
