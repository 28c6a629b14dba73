import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateFfmpeg } from '../src/media/ffmpeg-locate.js';
import { captureMp3, firstAudible, MP3_BYTES_PER_SECOND } from './helpers/mp3-capture.js';
import { startServer, stopServer } from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.js';

let testDb: TestDatabase;
const ffmpeg = locateFfmpeg(process.env.FFMPEG_PATH).ffmpeg;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('a fresh station', () => {
  // In the `server-alone` project: it runs by itself, after the other files.
  it('plays music within 5 s of answering HTTP, on an empty data folder with the demo library', async () => {
    const server = await startServer({ db: testDb, env: { DEMO_LIBRARY: '1', LOG_LEVEL: 'info' } });
    const answered = performance.now();
    try {
      const capture = await captureMp3(`http://127.0.0.1:${server.port}`);
      let heard: number | null = null;
      while (heard === null && performance.now() - answered < 8000) {
        await new Promise((r) => setTimeout(r, 250));
        const at = firstAudible(await capture.decode(ffmpeg));
        if (at !== null) heard = capture.arrivalOf(Math.floor(at * MP3_BYTES_PER_SECOND));
      }
      capture.stop();
      // The server's own account (when the first tune was in, when it went on air) says which
      // part was slow.
      expect(heard, `no audible audio within 8 s:\n${server.log()}`).not.toBeNull();
      expect(heard! - answered, server.log()).toBeLessThan(5000);
    } finally {
      await stopServer(server);
    }
  }, 60_000);
});
