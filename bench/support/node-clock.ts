/**
 * Starts the Node-clock floor (idle-server/node-clock.ts): a Node.js process that only moves the
 * demo tunes' PCM from an ffmpeg decoder to an ffmpeg encoder making the station's outputs. It
 * is bundled into one plain JavaScript file first and run by `node` alone, as the server is, so
 * that neither its CPU nor its memory carries the TypeScript loader the benches run under.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { decodeTunes } from '../playout-peer/floor.js';
import type { DemoMusic } from './demo-music.js';
import { removeScratch, scratchDir, spawnManaged, stopManaged } from './processes.js';

const NODE_CLOCK = fileURLToPath(new URL('../idle-server/node-clock.ts', import.meta.url));

export interface NodeClock {
  child: ChildProcess;
  pid: number;
  stop(): Promise<void>;
}

/** The Node-clock floor playing `music`; its scratch folder goes with it. */
export async function startNodeClock(ffmpeg: string, music: DemoMusic): Promise<NodeClock> {
  const dir = scratchDir('queuecast-bench-clock-');
  const pcm = path.join(dir, 'tunes.pcm');
  decodeTunes(ffmpeg, music, pcm);
  const script = path.join(dir, 'node-clock.mjs');
  await build({
    entryPoints: [NODE_CLOCK],
    outfile: script,
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    logLevel: 'error',
  });
  const child = spawnManaged(process.execPath, [script, ffmpeg, pcm, dir], {
    stdio: ['ignore', 2, 2],
  });
  return {
    child,
    pid: child.pid!,
    async stop() {
      await stopManaged(child);
      removeScratch(dir);
    },
  };
}
