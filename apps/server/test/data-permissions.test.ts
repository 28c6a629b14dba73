import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { locateFfmpeg } from '../src/media/ffmpeg-locate.js';
import { tempDir } from './helpers/audio.js';
import { makeToneWithArt } from './helpers/cover-art.js';
import { startServer, killServer } from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.js';

// What the station keeps in DATA_DIR (the SQLite database, the generated signing secret, the
// stream's segments) is for the account that runs it only: no other local user reads it.

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

async function until<T>(what: string, probe: () => T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('DATA_DIR is private to the account that runs the station', () => {
  it('files 0600 and folders 0700, including what an earlier start left open', async () => {
    const db = await createTestDatabase();
    // As an earlier version (or a careless copy) left it: open to everyone.
    fs.chmodSync(db.dataDir, 0o755);
    fs.writeFileSync(
      path.join(db.dataDir, 'jwt-secret'),
      'an-old-secret-of-enough-length-0123456789',
    );
    fs.chmodSync(path.join(db.dataDir, 'jwt-secret'), 0o644);

    const server = await startServer({ db, env: { JWT_SECRET: '' } });
    try {
      expect(modeOf(db.dataDir)).toBe(0o700);
      expect(modeOf(path.join(db.dataDir, 'jwt-secret'))).toBe(0o600);
      if (!db.databaseUrl) {
        expect(modeOf(path.join(db.dataDir, 'queuecast.db'))).toBe(0o600);
        expect(modeOf(path.join(db.dataDir, 'queuecast.db-wal'))).toBe(0o600);
      }
      // The encoder (an ffmpeg child) writes the stream's files: they are private too.
      const hls = path.join(db.dataDir, 'hls');
      const segment = await until('an HLS segment', () =>
        fs.existsSync(hls) ? fs.readdirSync(hls).find((f) => f.endsWith('.ts')) : undefined,
      );
      expect(modeOf(hls)).toBe(0o700);
      expect(modeOf(path.join(hls, segment))).toBe(0o600);
    } finally {
      await killServer(server);
    }
  }, 60_000);

  it('imported media and their art, whatever the source allowed, and previews', async () => {
    const db = await createTestDatabase();
    try {
      // A music folder as most are: readable to every local account.
      const folder = tempDir('queuecast-open-music-');
      const song = await makeToneWithArt(
        locateFfmpeg(process.env.FFMPEG_PATH).ffmpeg,
        path.join(folder, 'open.mp3'),
        { color: 'red', size: '64x64', tags: { title: 'Open Tone', artist: 'Mode Maker' } },
      );
      fs.chmodSync(folder, 0o755);
      fs.chmodSync(song, 0o644);

      const imported = await importFolder(db, folder);
      expect(imported.code, imported.output).toBe(0);
      fs.rmSync(folder, { recursive: true, force: true });
      const media = treeModes(path.join(db.dataDir, 'media'));
      const art = treeModes(path.join(db.dataDir, 'art'));
      expect(media.files.length).toBe(1);
      expect(art.files.length).toBe(3); // the picture and its two squares
      expect([...media.files, ...art.files].filter(([, mode]) => mode !== 0o600)).toEqual([]);
      expect([...media.folders, ...art.folders].filter(([, mode]) => mode !== 0o700)).toEqual([]);

      // The server cuts the preview with ffmpeg, into a folder of its own.
      const server = await startServer({ db });
      try {
        const base = `http://127.0.0.1:${server.port}`;
        const signup = await fetch(`${base}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'previewer', password: 'password1' }),
        });
        const { token } = (await signup.json()) as { token: string };
        const found = (await (await fetch(`${base}/api/search?q=Open%20Tone`)).json()) as {
          songs: { song: { id: number } }[];
        };
        const preview = await fetch(`${base}/api/song/${found.songs[0]!.song.id}/preview`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(preview.status).toBe(200);
        const previews = treeModes(path.join(db.dataDir, 'previews'));
        expect(previews.files.length).toBe(1);
        expect(previews.files.filter(([, mode]) => mode !== 0o600)).toEqual([]);
        expect(previews.folders.filter(([, mode]) => mode !== 0o700)).toEqual([]);
      } finally {
        await killServer(server);
      }
    } finally {
      await db.drop();
    }
  }, 60_000);
});

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `npm run import -- <folder>` as an operator runs it: a process of its own. */
function importFolder(
  db: TestDatabase,
  folder: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'src/cli/main.ts', 'import', folder],
    {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** Every file and folder below `root` (itself included), with its permission bits. */
function treeModes(root: string): { files: [string, number][]; folders: [string, number][] } {
  const files: [string, number][] = [];
  const folders: [string, number][] = [[root, modeOf(root)]];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    (entry.isDirectory() ? folders : files).push([full, modeOf(full)]);
  }
  return { files, folders };
}
