// `npm run screenshots`: the README's pictures of the station, taken with Chromium.
//
// Starts a station on a temporary data folder (the demo library is created on its first start),
// or uses a running one given with `--url http://host:port`, waits until a song is on air, and
// writes docs/screenshot.png (the queue page, desktop 1366×768), docs/screenshot-phone.png
// (390×844, at the pixel density of a phone), docs/screenshot-song.png (a song's page) and
// docs/screenshot-user.png (a listener's page). Chromium comes from CHROMIUM_PATH or
// /usr/bin/chromium.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { root } from './build-state.mjs';
import { ensureBuilt } from './ensure-built.mjs';

/** The demo library is synthesised on the first start; this covers a slow machine. */
const START_TIMEOUT_MS = 120_000;
const ON_AIR_TIMEOUT_MS = 90_000;

const DESKTOP = { width: 1366, height: 768 };
/** The pictures: which page (`song` and `user` are filled in from the scene), at what size. */
const SHOTS = [
  { file: 'docs/screenshot.png', page: 'queue', viewport: DESKTOP, scale: 1 },
  {
    file: 'docs/screenshot-phone.png',
    page: 'queue',
    viewport: { width: 390, height: 844 },
    scale: 2,
  },
  { file: 'docs/screenshot-song.png', page: 'song', viewport: DESKTOP, scale: 1 },
  { file: 'docs/screenshot-user.png', page: 'user', viewport: DESKTOP, scale: 1 },
];
/** The listener whose page is pictured (one of the two the scene signs up). */
const PICTURED_USER = 'nova';

function argValue(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the station exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the station did not answer on ${url} within ${START_TIMEOUT_MS / 1000} s`);
}

/** The caller's environment without the settings that would point at another database. */
function stationEnv() {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'STATION', 'WEB_DIST']) delete env[name];
  return env;
}

/** A station of its own on a temporary data folder; `stop()` ends it and removes the folder. */
async function startStation() {
  ensureBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-screenshots-'));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...stationEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_LIBRARY: '1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      // Room for the few requests that set the scene.
      QUEUE_LIMIT: '3',
      REQUEST_COOLDOWN_S: '1',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let song;
  try {
    await waitForHealth(url, child);
    song = await setTheScene(url);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop, song };
}

async function api(url, path, { token, body } = {}) {
  const res = await fetch(`${url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Waits for the demo library (made in the background) to offer `count` requestable songs. */
async function requestableSongs(url, count) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const songs = [];
    for (const platform of ['Amiga', 'Commodore 64', 'PC']) {
      const found = await api(url, `/api/platforms/${encodeURIComponent(platform)}`);
      songs.push(...found.songs);
    }
    const free = songs
      .map((entry) => entry.song)
      .filter((song) => song.has_file && !song.recently_played);
    if (free.length >= count || Date.now() > deadline) return free.slice(0, count);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * A fresh station only plays: two listeners request a few songs, vote and say hello in the chat,
 * so the pictures show a queue with requesters, ratings and a conversation.
 */
async function setTheScene(url) {
  const listener = async (username) =>
    (await api(url, '/api/auth/signup', { body: { username, password: 'screenshots' } })).token;
  const nova = await listener('nova');
  const pixel = await listener('pixel');
  const pick = await requestableSongs(url, 3);
  for (const [token, song] of [
    [nova, pick[0]],
    [pixel, pick[1]],
    [nova, pick[2]],
  ]) {
    if (!song) break;
    // One request a second per listener (REQUEST_COOLDOWN_S above).
    for (;;) {
      const res = await fetch(`${url}/api/song/${song.id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.ok) break;
      if (res.status !== 429) throw new Error(`request ${song.id}: ${res.status}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  for (const [token, song, vote] of [
    [nova, pick[1], 5],
    [pixel, pick[1], 4],
    [pixel, pick[0], 4],
  ]) {
    if (song) await api(url, `/api/song/${song.id}/vote`, { token, body: { vote } });
  }
  await api(url, '/api/oneliner', { token: pixel, body: { message: 'evening all! :)' } });
  await api(url, '/api/oneliner', { token: nova, body: { message: 'queued some chip tunes' } });
  if (pick[1]) {
    await api(url, `/api/song/${pick[1].id}/comment`, {
      token: pixel,
      body: { comment: 'That bassline! Requested it twice this week.' },
    });
  }
  return pick[1]?.id;
}

/** Waits until the page shows a song on air and the banner has finished fading in. */
async function waitUntilOnAir(page, which) {
  const playing = which === 'queue' ? 'now-playing-song' : 'mini-player';
  if (which === 'queue' || (await page.viewportSize()).width <= 720) {
    await page.getByTestId(playing).waitFor({ timeout: ON_AIR_TIMEOUT_MS });
  }
  if (which === 'queue') {
    await page.locator('main table tbody tr').first().waitFor({ timeout: ON_AIR_TIMEOUT_MS });
  } else {
    await page.locator('main h1, main h2').first().waitFor({ timeout: ON_AIR_TIMEOUT_MS });
  }
  const banner = page.getByTestId('banner-current');
  if (await banner.isVisible()) await banner.waitFor();
  // Runs in the page: the banner's cross-fade is a CSS transition.
  await page.evaluate(() =>
    Promise.all(
      globalThis.document
        .getAnimations()
        .filter((a) => a instanceof globalThis.CSSTransition)
        .map((a) => a.finished),
    ),
  );
}

/** The address of a shot's page. */
function pageUrl(url, shot, song) {
  if (shot.page === 'song') return song ? `${url}/song/${song}` : null;
  if (shot.page === 'user') return `${url}/user/${PICTURED_USER}`;
  return url;
}

async function takeScreenshots(url, song) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const shot of SHOTS) {
      const context = await browser.newContext({
        viewport: shot.viewport,
        deviceScaleFactor: shot.scale,
        colorScheme: 'dark',
      });
      const page = await context.newPage();
      const address = pageUrl(url, shot, song);
      if (!address) {
        console.log(`skipped ${shot.file}: no song was requested in this scene`);
        await context.close();
        continue;
      }
      await page.goto(address);
      try {
        await waitUntilOnAir(page, shot.page);
      } catch (error) {
        const seen = path.join(os.tmpdir(), 'queuecast-screenshot-failed.png');
        await page.screenshot({ path: seen });
        console.error(`no song on air; the page as it was: ${seen}`);
        throw error;
      }
      const file = path.join(root, shot.file);
      await page.screenshot({ path: file });
      console.log(`wrote ${shot.file} (${shot.viewport.width}×${shot.viewport.height})`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

const given = argValue('--url');
const station = given
  ? { url: given.replace(/\/$/, ''), stop: async () => {}, song: argValue('--song') }
  : await startStation();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void station.stop().finally(() => process.exit(1)));
}
try {
  await takeScreenshots(station.url, station.song);
} finally {
  await station.stop();
}
