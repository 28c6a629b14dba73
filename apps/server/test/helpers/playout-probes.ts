import http from 'node:http';
import type { ServerProcess } from './server-process.js';
import { until } from './until.js';

/*
 * What a test asks of a running node about the station: its part in playing, and whether its
 * MP3 stream sends audio.
 */

/** The node's part in playing the station, from /healthz: on-air, standby or off. */
export async function playoutOf(node: ServerProcess): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${node.port}/healthz`);
  return ((await res.json()) as { playout: string }).playout;
}

/** Resolves true at the node's first MP3 bytes, false when it does not stream. */
export function firstMp3Bytes(node: ServerProcess): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(`http://127.0.0.1:${node.port}/stream/live.mp3`, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        resolve(false);
        return;
      }
      res.once('data', () => {
        req.destroy();
        resolve(true);
      });
    });
    req.on('error', () => resolve(false));
  });
}

/**
 * Waits until `check` answers something other than false, null or undefined, and answers it;
 * an error thrown by `check` (a process not listening yet) counts as not yet.
 */
export function waitFor<T>(
  what: string,
  check: () => Promise<T | null | false | undefined>,
  ms: number,
): Promise<T> {
  return until(what, () => check().catch(() => undefined), ms);
}
