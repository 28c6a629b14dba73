/**
 * The demo library's tunes as MP3 files in a scratch folder, made by the server's own demo
 * maker (the tunes a fresh Queuecast plays), for the programs that play beside it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeDemoFiles } from '../../apps/server/src/media/demo/demo-files.js';
import { scratchDir } from './processes.js';

export interface DemoMusic {
  dir: string;
  /** The files in catalogue order. */
  files: string[];
}

export async function makeDemoMusic(ffmpeg: string): Promise<DemoMusic> {
  const dir = scratchDir('queuecast-bench-music-');
  await writeDemoFiles(ffmpeg, dir);
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.mp3'))
    .sort()
    .map((f) => path.join(dir, f));
  return { dir, files };
}

/**
 * An ffmpeg concat list playing `files` over and over (`repeat` times), for a real-time
 * source that must outlast the bench.
 */
export function concatList(music: DemoMusic, repeat: number): string {
  const list = path.join(music.dir, 'playlist.ffconcat');
  const lines = ['ffconcat version 1.0'];
  for (let i = 0; i < repeat; i++) {
    for (const f of music.files) lines.push(`file '${f.replace(/'/g, "'\\''")}'`);
  }
  fs.writeFileSync(list, `${lines.join('\n')}\n`);
  return list;
}
