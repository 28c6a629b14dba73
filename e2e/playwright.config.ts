import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One fresh station per run: its own data folder, a seeded catalogue, a known secret.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-e2e-'));
// A second station for the specs that drive the playout (skips), so that the first keeps the
// queue it was seeded with: its long tones keep the auto-DJ from locking the short ones.
process.env.E2E_ON_AIR_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-e2e-air-'));
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18_080);
export const E2E_ON_AIR_PORT = E2E_PORT + 1;
export const E2E_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';
export const E2E_ADMIN = { username: 'station_admin', password: 'admin-pass' };
/** Not the built-in 'Auto-DJ', so the specs see the label come from the live update. */
export const E2E_DJ_LABEL = 'Night Shift DJ';
/** Seconds between one listener's requests: short, so the limit specs wait little. */
export const E2E_REQUEST_COOLDOWN_S = 2;

/** The seeded station on `port` with its data in `dataDir`; `queue`: seed the long tones' queue. */
function station(port: number, dataDir: string, queue: boolean) {
  return {
    // Seed the catalogue first, then start the station on the same data folder. The seeding
    // lives here, not in a globalSetup: Playwright starts webServer before globalSetup, and
    // the seeder must have closed the SQLite database before the server opens it.
    command:
      'node --conditions=source --import tsx support/seed-catalog.ts && node ../apps/server/dist/main.js',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // Both stations seed at once (ffmpeg tones, the catalogue): give them time on a busy box.
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      E2E_DATA_DIR: dataDir,
      E2E_SEED_QUEUE: queue ? '1' : '0',
      JWT_SECRET: E2E_SECRET,
      DEMO_LIBRARY: '0',
      // Every spec signs listeners up from this one address.
      SIGNUP_PER_HOUR: '1000000',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DEFAULT_DJ_LABEL: E2E_DJ_LABEL,
      REQUEST_COOLDOWN_S: String(E2E_REQUEST_COOLDOWN_S),
      // A dropped DJ's show stands by until staff end it: the live-show spec ends it itself,
      // however long a busy machine takes to get there.
      LIVE_GRACE_S: '120',
      // The webhooks spec's receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE: '1',
    },
  };
}

/** Specs under specs/on-air/ skip tracks: they run against the second station. */
const ON_AIR = /[\\/]on-air[\\/]/;

export default defineConfig({
  testDir: './specs',
  // A whole spec: several pages and uploads on two cores shared with both stations' servers
  // and ffmpeg take 20–30 s on a busy machine. Each expectation keeps its own 5 s.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../.vitest-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  projects: [
    { name: 'station', testIgnore: ON_AIR },
    {
      name: 'on-air',
      testMatch: ON_AIR,
      use: { baseURL: `http://127.0.0.1:${E2E_ON_AIR_PORT}` },
    },
  ],
  webServer: [
    station(E2E_PORT, process.env.E2E_DATA_DIR, true),
    station(E2E_ON_AIR_PORT, process.env.E2E_ON_AIR_DATA_DIR, false),
  ],
});
