import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, killServer } from './helpers/server-process.js';
import { createTestDatabase } from './helpers/test-db.js';

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
});
