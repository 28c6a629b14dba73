import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_DJ_LABEL } from '../playwright.config';

// The station plays the tones seeded by e2e/support/seed-catalog.ts, 'Sine Serenade' first as
// history_listener's request; the rest of the catalogue has no audio, and its seeded plays
// ('Xenon Haze' an hour ago, 'Quasar Dusk' days ago) are in the history. Every tone is a
// 'Sine …' by Oscillator Ensemble: the long ones seeded in the queue, or the short ones the
// requests spec queued.

const TONE = /Sine [A-Z][a-z]+/;

const queueTable = (page: Page) => page.getByRole('region', { name: 'Queue and history' });
const liveStream = (page: Page) => page.getByRole('region', { name: 'Live Stream' });
const audio = (page: Page) => liveStream(page).locator('audio');
const currentTime = (player: Locator) => player.evaluate((el: HTMLAudioElement) => el.currentTime);
const secondsOf = (text: string) => {
  const [m, s] = text.split(':').map(Number);
  return m! * 60 + s!;
};

test('queue page: loading, then upcoming, now playing (bold) and history from the live update', async ({
  page,
}) => {
  // Hold the server's pushes until the loading texts have been seen; record what the page sends.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent: string[] = [];
  await page.routeWebSocket('**/ws', (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      sent.push(String(message));
      server.send(message);
    });
    server.onMessage(async (message) => {
      await held;
      ws.send(message);
    });
  });
  await page.goto('/');
  await expect(page.getByText('Loading queue...')).toBeVisible();
  await expect(page.getByText('Waiting for now playing data...')).toBeVisible();
  release();

  const rows = queueTable(page).locator('tbody tr');
  const onAir = rows.and(page.locator('.now-row'));
  await expect(onAir).toHaveCount(1);
  await expect(onAir).toContainText(TONE);
  await expect(onAir.getByRole('cell').nth(3)).toHaveText('▶ Now');
  await expect(onAir).toHaveCSS('font-weight', '700');

  const haze = rows.filter({ hasText: 'Xenon Haze' });
  await expect(haze.getByRole('cell').nth(3)).toHaveText(/^\d+ mins ago$/);
  await expect(haze.getByRole('cell').nth(4)).toHaveText(E2E_DJ_LABEL);
  const dusk = rows.filter({ hasText: 'Quasar Dusk' });
  await expect(dusk).toHaveCount(2);
  await expect(dusk.filter({ hasText: 'history_listener' })).toHaveCount(1);
  await expect(dusk.filter({ hasText: E2E_DJ_LABEL })).toHaveCount(1);
  // The seeded request went on air first, so it is on air or played, with its requester.
  await expect(
    rows.filter({ hasText: 'Sine Serenade' }).filter({ hasText: 'history_listener' }).first(),
  ).toBeVisible();

  // Upcoming rows (seeded or requested tones still waiting, if any; the auto-DJ picks just in
  // time) come first, then the song on air, then the history newest first.
  const texts = await rows.allInnerTexts();
  const now = texts.findIndex((t) => t.includes('▶ Now'));
  const hazeAt = texts.findIndex((t) => t.includes('Xenon Haze'));
  const duskAt = texts.findIndex((t) => t.includes('Quasar Dusk'));
  expect(texts.slice(0, now).every((t) => /Next up!|in \d+ mins?/.test(t))).toBe(true);
  expect(now).toBeLessThan(hazeAt);
  expect(hazeAt).toBeLessThan(duskAt);

  // Coming back to the queue asks for a fresh update over the open connection.
  const refreshes = () => sent.filter((m) => JSON.parse(m).type === 'refresh').length;
  const before = refreshes();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tags' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Queue', exact: true })
    .click();
  await expect.poll(refreshes).toBe(before + 1);
  await expect(onAir).toHaveCount(1);
});

test('now-playing panel: one song and a countdown', async ({ page }) => {
  await page.goto('/tags');
  const panel = page.getByRole('region', { name: 'Now Playing' });
  await expect(panel.getByTestId('now-playing-song')).toContainText(TONE);
  const remaining = panel.getByTestId('time-remaining');
  await expect(remaining).toHaveText(/^\d+:[0-5]\d$/);
  // A song change may fall between two readings; then the next pair counts down.
  await expect
    .poll(async () => {
      const first = secondsOf(await remaining.innerText());
      await page.waitForTimeout(1100);
      return first - secondsOf(await remaining.innerText());
    })
    .toBeGreaterThan(0);
  await expect(
    liveStream(page).getByRole('link', { name: 'Prefer a direct stream?' }),
  ).toHaveAttribute('href', '/stream/live.mp3');
  await expect(liveStream(page).getByText('LIVE', { exact: true })).toHaveCSS(
    'background-color',
    'rgb(224, 36, 58)',
  );
});

/** Presses Play and waits until the stream's audio is playing. */
async function startPlaying(page: Page): Promise<void> {
  await liveStream(page).getByRole('button', { name: 'Play' }).click();
  await expect(liveStream(page).getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect
    .poll(() => audio(page).evaluate((el: HTMLAudioElement) => !el.paused && el.readyState >= 3), {
      timeout: 20_000,
    })
    .toBe(true);
}

/** Takes this Chromium's own HLS away, so that only hls.js (through Media Source) plays it. */
async function withoutNativeHls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const proto = HTMLMediaElement.prototype;
    const canPlayType = Object.getOwnPropertyDescriptor(proto, 'canPlayType')!.value as (
      this: HTMLMediaElement,
      type: string,
    ) => CanPlayTypeResult;
    proto.canPlayType = function (this: HTMLMediaElement, type: string) {
      return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
    };
  });
}

/** Records the hls.js chunks the page fetches. */
function hlsChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/hls[^/]*\.js$/.test(r.url())) chunks.push(r.url());
  });
  return chunks;
}

/**
 * Gives this Chromium's own HLS what Safari's has: `getStartDate`, the program date-time of the
 * playlist's start (here the page's opening time: the test reads no dates from it).
 */
async function withDatedNativeHls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const opened = new Date();
    Object.defineProperty(HTMLMediaElement.prototype, 'getStartDate', {
      value: () => opened,
      configurable: true,
    });
  });
}

test('where the browser plays HLS itself and dates it, Play never fetches hls.js', async ({
  page,
}) => {
  await withDatedNativeHls(page);
  const chunks = hlsChunks(page);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Now Playing' })).toContainText(TONE);
  const native = await page.evaluate(
    () => document.createElement('audio').canPlayType('application/vnd.apple.mpegurl') !== '',
  );
  test.skip(!native, 'this Chromium has no HLS of its own');
  await startPlaying(page);
  await expect(audio(page)).toHaveAttribute('data-engine', 'native');
  await expect(audio(page)).toHaveAttribute('src', '/stream/live.m3u8');
  const start = await currentTime(audio(page));
  await expect.poll(() => currentTime(audio(page)), { timeout: 10_000 }).toBeGreaterThan(start + 2);
  expect(chunks).toEqual([]);
});

test("HLS of the browser's own that tells no date is left for hls.js, which does", async ({
  page,
}) => {
  const chunks = hlsChunks(page);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Now Playing' })).toContainText(TONE);
  const undated = await page.evaluate(() => {
    const el = document.createElement('audio');
    return (
      el.canPlayType('application/vnd.apple.mpegurl') !== '' &&
      typeof (el as HTMLAudioElement & { getStartDate?: unknown }).getStartDate !== 'function'
    );
  });
  test.skip(!undated, "this Chromium's HLS is not the undated kind");
  await startPlaying(page);
  await expect(audio(page)).toHaveAttribute('data-engine', 'hls.js');
  expect(chunks).toHaveLength(1);
});

test('Play loads hls.js on demand where it is needed, and the audio plays', async ({ page }) => {
  await withoutNativeHls(page);
  const chunks = hlsChunks(page);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Now Playing' })).toContainText(TONE);
  expect(chunks).toEqual([]);

  await startPlaying(page);
  expect(chunks).toHaveLength(1);
  await expect(audio(page)).toHaveAttribute('data-engine', 'hls.js');
  const start = await currentTime(audio(page));
  await expect.poll(() => currentTime(audio(page)), { timeout: 10_000 }).toBeGreaterThan(start + 2);

  const session = await page.evaluate(() => ({
    state: navigator.mediaSession.playbackState,
    title: navigator.mediaSession.metadata?.title,
    album: navigator.mediaSession.metadata?.album,
    artist: navigator.mediaSession.metadata?.artist,
  }));
  expect(session).toMatchObject({
    state: 'playing',
    album: 'Queuecast',
    artist: 'Oscillator Ensemble',
  });
  expect(session.title).toMatch(TONE);
});

test('Pause stops the audio, clears the source and offers Play again', async ({ page }) => {
  await withoutNativeHls(page);
  await page.goto('/');
  await startPlaying(page);
  await liveStream(page).getByRole('button', { name: 'Pause' }).click();
  await expect(liveStream(page).getByRole('button', { name: 'Play' })).toBeVisible();
  const state = await audio(page).evaluate((el: HTMLAudioElement) => ({
    paused: el.paused,
    src: el.getAttribute('src'),
    engine: el.dataset.engine,
  }));
  expect(state).toEqual({ paused: true, src: null, engine: undefined });
  const stopped = await currentTime(audio(page));
  await page.waitForTimeout(1500);
  expect(await currentTime(audio(page))).toBe(stopped);
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('paused');

  // Play again starts a new stream.
  await startPlaying(page);
  await expect(audio(page)).toHaveAttribute('data-engine', 'hls.js');
});
