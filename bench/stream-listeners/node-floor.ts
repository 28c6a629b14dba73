import { fileURLToPath } from 'node:url';
import type { DemoMusic } from '../support/demo-music.js';
import { freePort, spawnManaged, stopManaged, waitForPort } from '../support/processes.js';
import type { Side } from './side.js';

const SERVER = fileURLToPath(new URL('./node-floor-server.mjs', import.meta.url));

/**
 * The Node floor (`node-floor-server.ts`) on a free port, playing the demo tunes: what any
 * Node.js HTTP server costs per listener, apart from what it does besides.
 */
export async function startNodeFloor(
  music: DemoMusic,
  inFlight: number,
): Promise<{ side: Side; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawnManaged(process.execPath, [SERVER, music.files[0]!], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 2, 2],
  });
  const stop = () => stopManaged(child);
  try {
    await waitForPort(port, 15_000, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    side: {
      name: 'node floor',
      port,
      path: '/live.mp3',
      pid: child.pid!,
      roots: [child.pid!],
      partOf: () => 'server',
      inFlight,
    },
    stop,
  };
}
