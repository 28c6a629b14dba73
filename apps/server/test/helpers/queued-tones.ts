import fs from 'node:fs';
import path from 'node:path';
import type { App } from '../../src/app.js';
import { makeTone, tempDir } from './audio.js';

export interface Tone {
  title: string;
  artist: string;
  freq?: number;
  seconds?: number;
}

/**
 * Makes each tone with ffmpeg, imports them as the library would, and queues them in the given
 * order as requests from nobody: what the station plays first. Answers their song ids.
 */
export async function queueTones(app: App, tones: Tone[]): Promise<number[]> {
  const folder = tempDir('queuecast-tones-');
  try {
    for (const [i, tone] of tones.entries()) {
      await makeTone(app.ctx.media.tools.ffmpeg, path.join(folder, `${i}.flac`), {
        freq: tone.freq ?? 440,
        seconds: tone.seconds ?? 4,
        tags: { title: tone.title, artist: tone.artist },
      });
    }
    const report = await app.ctx.services.import.importFolder(folder);
    if (report.added !== tones.length) {
      throw new Error(
        `imported ${report.added} of ${tones.length}: ${JSON.stringify(report.failed)}`,
      );
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  const ids: number[] = [];
  for (const tone of tones) {
    const song = await app.ctx.db
      .selectFrom('songs')
      .select('id')
      .where('title', '=', tone.title)
      .executeTakeFirstOrThrow();
    await app.ctx.db
      .insertInto('queue_entries')
      .values({
        song_id: song.id,
        requested_by: null,
        requested_at: Math.floor(Date.now() / 1000),
      })
      .execute();
    ids.push(song.id);
  }
  return ids;
}
