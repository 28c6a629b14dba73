import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';

// The live player's own controls: volume and mute (remembered), the keyboard shortcuts, the
// listener count from the live update, and reopening the stream by itself when it drops.

const liveStream = (page: Page) => page.getByRole('region', { name: 'Live Stream' });
const audio = (page: Page) => liveStream(page).locator('audio');
const media = (page: Page) =>
  audio(page).evaluate((el: HTMLAudioElement) => ({
    volume: el.volume,
    muted: el.muted,
    paused: el.paused,
    time: el.currentTime,
  }));
/** The audio clock, once it has moved past `after` (the stream is really playing). */
const playsPast = (page: Page, after: number, timeout = 15_000) =>
  expect.poll(async () => (await media(page)).time, { timeout }).toBeGreaterThan(after);

test('the volume and mute are remembered across reloads', async ({ page }) => {
  await page.goto('/');
  const slider = liveStream(page).getByRole('slider', { name: 'Volume' });
  await expect(slider).toHaveValue('1');
  await slider.fill('0.35');
  await expect(slider).toHaveAttribute('aria-valuetext', 'Volume 35%');

  await page.reload();
  await expect(slider).toHaveValue('0.35');
  await liveStream(page).getByRole('button', { name: 'Play' }).click();
  await playsPast(page, 0.5);
  expect((await media(page)).volume).toBeCloseTo(0.35, 5);

  await liveStream(page).getByRole('button', { name: 'Mute' }).click();
  expect((await media(page)).muted).toBe(true);
  await page.reload();
  const unmute = liveStream(page).getByRole('button', { name: 'Unmute' });
  await expect(unmute).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('playerMuted'))).toBe('true');
  // Turning the volume up again unmutes.
  await slider.fill('0.6');
  await expect(liveStream(page).getByRole('button', { name: 'Mute' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('playerVolume'))).toBe('0.6');
});

test('Space plays and pauses, M mutes, but not while typing', async ({ page }) => {
  await page.goto('/');
  const stream = liveStream(page);
  await expect(stream.getByText('Space', { exact: true })).toBeVisible();
  await expect(stream.getByRole('button', { name: 'Play' })).toHaveAttribute(
    'aria-keyshortcuts',
    'Space',
  );

  // In the search box the keys are text.
  const search = page.getByRole('searchbox', { name: 'Search songs' });
  await search.click();
  await page.keyboard.type('m m');
  await expect(search).toHaveValue('m m');
  await expect(stream.getByRole('button', { name: 'Play' })).toBeVisible();
  await expect(stream.getByRole('button', { name: 'Mute' })).toBeVisible();

  // Elsewhere they drive the player.
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await search.blur();
  await page.keyboard.press('Space');
  await expect(stream.getByRole('button', { name: 'Pause' })).toBeVisible();
  await playsPast(page, 0.5);
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing');
  await page.keyboard.press('m');
  await expect(stream.getByRole('button', { name: 'Unmute' })).toBeVisible();
  expect((await media(page)).muted).toBe(true);
  await page.keyboard.press('m');
  expect((await media(page)).muted).toBe(false);
  await page.keyboard.press('Space');
  await expect(stream.getByRole('button', { name: 'Play' })).toBeVisible();
  expect((await media(page)).paused).toBe(true);
});

test('"N listening" beside LIVE follows the live update', async ({ page }) => {
  let toPage: ((message: string) => void) | undefined;
  await page.routeWebSocket('**/ws', (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => ws.send(message));
    toPage = (message) => ws.send(message);
  });
  await page.goto('/');
  const count = liveStream(page).getByTestId('listener-count');
  await expect(count).toHaveText(/^\d+ listening$/);
  toPage!(JSON.stringify({ type: 'listeners', listeners: 7 }));
  await expect(count).toHaveText('7 listening');
  toPage!(JSON.stringify({ type: 'listeners', listeners: 1 }));
  await expect(count).toHaveText('1 listening');
});

test('the HLS stream is reopened by itself after the network drops', async ({ page }) => {
  test.slow();
  await page.goto('/');
  await liveStream(page).getByRole('button', { name: 'Play' }).click();
  await playsPast(page, 1);
  await expect(audio(page)).toHaveAttribute('data-engine', /hls\.js|native/);

  const status = liveStream(page).getByTestId('player-status');
  await page.context().setOffline(true);
  // The buffered audio runs out, then within 5 s the player is reopening the stream.
  await expect(status).toHaveText(/Reconnecting\.\.\.|Buffering\.\.\./, { timeout: 20_000 });
  await expect(status).toHaveText('Reconnecting...', { timeout: 10_000 });
  await page.context().setOffline(false);
  const stalledAt = (await media(page)).time;
  await playsPast(page, stalledAt + 1, 20_000);
  await expect(status).toHaveText('');
  await expect(liveStream(page).getByRole('button', { name: 'Pause' })).toBeVisible();
});

/**
 * A cuttable line to the station's MP3: a proxy on this machine that forwards each request and,
 * on `cut`, closes every connection and refuses new ones until `restore`. (Emulating offline
 * does not end a media element's open connection, so the MP3 needs a real cut.)
 */
async function mp3Line(station: string) {
  const open = new Set<http.ServerResponse>();
  let down = false;
  const server = http.createServer((req, res) => {
    if (down) return res.destroy();
    open.add(res);
    const upstream = http.get(`${station}/stream/live.mp3`, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    res.on('close', () => {
      open.delete(res);
      upstream.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/stream/live.mp3`,
    cut() {
      down = true;
      for (const res of open) res.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

test('the MP3 fallback is reopened by itself when its connection is cut', async ({
  page,
  baseURL,
}) => {
  test.slow();
  // A browser with neither Media Source nor HLS of its own: the player takes the MP3.
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.MediaSource;
    delete w.ManagedMediaSource;
    const proto = HTMLMediaElement.prototype;
    const canPlayType = Object.getOwnPropertyDescriptor(proto, 'canPlayType')!.value as (
      this: HTMLMediaElement,
      type: string,
    ) => CanPlayTypeResult;
    proto.canPlayType = function (this: HTMLMediaElement, type: string) {
      return type.includes('mpegurl') ? '' : canPlayType.call(this, type);
    };
  });
  const line = await mp3Line(baseURL!);
  let mp3Requests = 0;
  await page.route('**/stream/live.mp3', (route) => {
    mp3Requests++;
    return route.continue({ url: line.url });
  });
  try {
    await page.goto('/');
    await liveStream(page).getByRole('button', { name: 'Play' }).click();
    await expect(audio(page)).toHaveAttribute('data-engine', 'mp3');
    await playsPast(page, 1);
    const before = mp3Requests;

    const status = liveStream(page).getByTestId('player-status');
    line.cut();
    // What was buffered plays out, then within 5 s the player is opening the MP3 again.
    await expect(status).toHaveText('Reconnecting...', { timeout: 20_000 });
    await expect.poll(() => mp3Requests, { timeout: 10_000 }).toBeGreaterThan(before);
    line.restore();
    const after = (await media(page)).time;
    await playsPast(page, after + 1, 20_000);
    await expect(status).toHaveText('');
    await expect(liveStream(page).getByRole('button', { name: 'Pause' })).toBeVisible();
  } finally {
    await line.close();
  }
});
