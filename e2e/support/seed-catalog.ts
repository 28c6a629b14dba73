/**
 * Seeds the e2e station's catalogue through the server's own LibraryService. It must run
 * before the server opens the database: playwright.config.ts chains it in front of the server
 * in the webServer command (Playwright starts webServer before globalSetup, so a globalSetup
 * would be too late). The database is closed before the server starts. Seeding a folder that
 * already holds the catalogue does nothing. Names are distinctive so specs can find them
 * (e2e/specs/catalog.spec.ts spells them out).
 *
 *   E2E_DATA_DIR=/tmp/x node --conditions=source --import tsx e2e/support/seed-catalog.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type App } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/database.js';
import { migrateToLatest } from '../../apps/server/src/db/migrate.js';
import type { NewSong } from '../../apps/server/src/modules/library/library.service.js';
import { makeTone } from '../../apps/server/test/helpers/audio.js';
import { TONES } from './tone-catalog.js';
import { seedStats } from './seed-stats.js';
import { makeToneWithArt } from '../../apps/server/test/helpers/cover-art.js';

/**
 * What the specs rely on; keep in step with e2e/specs/catalog.spec.ts, requests.spec.ts and
 * station.spec.ts.
 */
const SEED = {
  letterArtist: { name: 'Quixotic Quasar', country: 'fi', songs: ['Quasar Dawn', 'Quasar Dusk'] },
  platform: { name: 'Zeptotron Nine', songs: 520, artist: 'Zepto Crew' },
  tags: { artist: 'Xenon Drift' },
  voteSong: 'Vote Target Song',
  favoriteSong: 'Favorite Target Song',
  commentSong: 'Comment Target Song',
  longTitle: 'Extraordinarily Protected Multiplexer Interrupt Descriptor Overture',
  tones: TONES,
} as const;

const zeptoTitle = (n: number) => `Zepto Track ${String(n).padStart(3, '0')}`;

function catalogue(): NewSong[] {
  const songs: NewSong[] = [];
  const { letterArtist, platform, tags } = SEED;
  for (const title of letterArtist.songs) {
    songs.push({
      title,
      artists: [{ name: letterArtist.name, countryCode: letterArtist.country }],
      platform: { name: 'Commodore Amiga' },
      tags: ['quasar-chip'],
      length: 185,
    });
  }
  for (let n = 1; n <= platform.songs; n++) {
    songs.push({
      title: zeptoTitle(n),
      artists: [{ name: platform.artist }],
      platform: { name: platform.name, brief: 'ZN9' },
      length: 60 + (n % 240),
    });
  }
  const tagged: [string, string[]][] = [
    ['Xenon Calm', ['xenon-ambient']],
    ['Xenon Midnight', ['xenon-ambient', 'xenon-night']],
    ['Xenon Owl', ['xenon-night']],
    ['Xenon Pulse', ['xenon-ambient', 'xenon-drums']],
    ['Xenon Haze', ['xenon-ambient']],
  ];
  for (const [title, t] of tagged) {
    songs.push({ title, artists: [{ name: tags.artist }], tags: t, length: 200 });
  }
  // Long words in a long title: the layout spec checks that titles wrap between words only.
  songs.push({
    title: SEED.longTitle,
    artists: [{ name: 'Longform Ensemble' }],
    length: 240,
  });
  for (const title of [SEED.voteSong, SEED.favoriteSong, SEED.commentSong]) {
    songs.push({
      title,
      artists: [{ name: 'Target Practice' }, { name: 'Second Credit' }],
      platform: { name: 'Commodore Amiga' },
      tags: ['target-tag'],
      length: 125,
    });
  }
  return songs;
}

/**
 * Plays and requests, for the song page's request and play histories and the lock on recently
 * played songs. These songs have no audio, so the station never plays them and the rows are
 * written directly: 'Quasar Dusk' was played days ago, once picked by the station and once
 * requested by `history_listener` (its one request); 'Xenon Haze' played an hour ago, so it is
 * locked against requests.
 */
async function seedPlays(app: App, ids: Map<string, number>, listener: number): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const dusk = ids.get('Quasar Dusk')!;
  const haze = ids.get('Xenon Haze')!;
  const db = app.ctx.db;
  const request = await db
    .insertInto('queue_entries')
    .values({
      song_id: dusk,
      requested_by: listener,
      requested_at: now - 2 * 86400 - 600,
      state: 'played',
      started_at: now - 2 * 86400,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('play_history')
    .values([
      {
        song_id: dusk,
        queue_id: null,
        requested_by: null,
        started_at: now - 3 * 86400,
        length: 185,
      },
      {
        song_id: dusk,
        queue_id: request.id,
        requested_by: listener,
        started_at: now - 2 * 86400,
        length: 185,
      },
      { song_id: haze, queue_id: null, requested_by: null, started_at: now - 3600, length: 200 },
    ])
    .execute();
  await db
    .updateTable('songs')
    .set({ last_played_at: now - 3600 })
    .where('id', '=', haze)
    .execute();
}

/**
 * Generates the tones with ffmpeg, imports them as a listener's folder would be, and queues the
 * long ones, in order, as `history_listener`'s requests (unless E2E_SEED_QUEUE=0: the station
 * that on-air specs drive starts with an empty queue).
 */
async function seedTones(app: App, ids: Map<string, number>, listener: number): Promise<void> {
  const { artist, songs, requestable } = SEED.tones;
  const tones = [...songs, ...requestable];
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-e2e-tones-'));
  try {
    const ffmpeg = app.ctx.media.tools.ffmpeg;
    await Promise.all(
      tones.map((song, i) => {
        const file = path.join(folder, `${i + 1}.flac`);
        const tone = {
          seconds: song.seconds,
          freq: song.freq,
          volume: 0.2,
          tags: { title: song.title, artist },
        };
        return 'cover' in song
          ? makeToneWithArt(ffmpeg, file, { ...tone, color: song.cover, size: '640x640' })
          : makeTone(ffmpeg, file, tone);
      }),
    );
    const report = await app.ctx.services.import.importFolder(folder);
    if (report.added !== tones.length) {
      throw new Error(`tone import: ${JSON.stringify(report.failed)}`);
    }
    for (const outcome of report.outcomes) {
      if (outcome.status === 'added') {
        const title = tones[Number(path.basename(outcome.file, '.flac')) - 1]!.title;
        ids.set(title, outcome.songId);
      }
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  if (process.env.E2E_SEED_QUEUE === '0') return;
  const now = Math.floor(Date.now() / 1000);
  await app.ctx.db
    .insertInto('queue_entries')
    .values(
      songs.map((song, i) => ({
        song_id: ids.get(song.title)!,
        requested_by: listener,
        requested_at: now - songs.length + i,
        state: 'queued' as const,
      })),
    )
    .execute();
}

async function main(): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const config = loadConfig({
    DATA_DIR: dataDir,
    // The station's own secret when given, so seeding leaves no generated secret behind.
    JWT_SECRET: process.env.JWT_SECRET,
    LOG_LEVEL: 'silent',
    DEMO_LIBRARY: '0',
  });
  const database = openDatabase({ databaseUrl: undefined, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const already = await database.db
      .selectFrom('songs')
      .select('id')
      .where('title', '=', SEED.voteSong)
      .executeTakeFirst();
    if (already) return;
    const app = await buildApp({ config, database });
    try {
      const songs = catalogue();
      const ids = new Map<string, number>();
      for (const song of songs) ids.set(song.title, await app.ctx.services.library.addSong(song));
      const signup = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { username: 'history_listener', password: 'history-pass' },
      });
      const listener = signup.json<{ user: { id: number } }>().user.id;
      await seedPlays(app, ids, listener);
      await seedTones(app, ids, listener);
      await seedStats(app, Math.floor(Date.now() / 1000));
      console.log(
        `seeded ${songs.length + SEED.tones.songs.length + SEED.tones.requestable.length} songs into ${database.location}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

await main();
