import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { apiLogin } from '../../support/api';
import {
  heardCrossings,
  heardUntil,
  outputDelay,
  tapAudioAndTitle,
  titleChanges,
  toneChanges,
} from '../../support/audio-tap';
import { toneFrequency } from '../../support/tone-catalog';

// The now-playing panel follows what the listener hears: when a track changes in the HLS
// stream, the panel's title changes with it. Every tone the station plays
// (e2e/support/seed-catalog.ts) has its own frequency, so the moment the listener hears the
// next track is where the tone changes. The test cuts the track on air as an admin, so a
// change comes at once; it runs on the second station (see playwright.config.ts), whose skips
// leave the first station's seeded queue alone.

/** How far apart the heard change and the panel's change may be. */
const TOLERANCE_MS = 500;
/** The sound examined on either side of the panel's change. */
const WINDOW_MS = 3000;

// The tap's worklet is a script made in the page, which the station's content security policy
// would refuse.
test.use({ bypassCSP: true });

const liveStream = (page: Page) => page.getByRole('region', { name: 'Live Stream' });
const panel = (page: Page) => page.getByRole('region', { name: 'Now Playing' });
const audio = (page: Page) => liveStream(page).locator('audio');
const TITLE = '[data-testid="now-playing-song"] a[href^="/song/"]';

test('the now-playing panel changes when the listener hears the next track (hls.js)', async ({
  page,
  request,
}) => {
  test.slow();
  // This Chromium plays HLS natively too: take that away, so only hls.js (through Media
  // Source) can play the HLS stream; without it the player would fall back to the MP3.
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
  const admin = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);

  await page.goto('/');
  await expect(panel(page).locator(TITLE)).toHaveText(/Sine [A-Z][a-z]+/);
  await liveStream(page).getByRole('button', { name: 'Play' }).click();
  await expect(audio(page)).toHaveAttribute('data-engine', 'hls.js');
  await expect(audio(page)).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => audio(page).evaluate((el: HTMLAudioElement) => !el.paused && el.currentTime > 1), {
      timeout: 20_000,
    })
    .toBe(true);

  await tapAudioAndTitle(audio(page), panel(page), TITLE);
  // Sound comes through the tap before the track is cut.
  await expect
    .poll(async () => (await heardCrossings(page, 0, Infinity)).length)
    .toBeGreaterThan(100);

  // One cut, and what the listener hears and sees around it. When the sound around the panel's
  // change holds no change between the two tracks' tones to measure (a stall in the player),
  // the next cut is measured.
  const measure = async () => {
    const skip = await request.post('/api/station/skip', {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(skip.status()).toBe(200);
    const cut = ((await skip.json()) as { skipped: { title: string } }).skipped.title;

    // The listener hears the cut some seconds after the station makes it (the HLS delay).
    await expect
      .poll(async () => (await titleChanges(page)).some((c) => c.from === cut), {
        timeout: 60_000,
      })
      .toBe(true);
    const shown = (await titleChanges(page)).find((c) => c.from === cut)!;
    await expect
      .poll(() => heardUntil(page), { timeout: 15_000 })
      .toBeGreaterThan(shown.at + WINDOW_MS);
    // The change from the cut track's tone to the next one's: with 4-second tones another
    // boundary can fall in the same window, and it is not the one the panel shows.
    const [from, to] = [toneFrequency(cut), toneFrequency(shown.to ?? '')];
    const near = (hz: number | null, want: number | undefined) =>
      hz !== null && want !== undefined && Math.abs(hz / want - 1) < 0.03;
    const changes = toneChanges(
      await heardCrossings(page, shown.at - WINDOW_MS, shown.at + WINDOW_MS),
    ).filter((c) => near(c.previousHz, from) && near(c.hz, to));
    return { cut, shown, changes };
  };
  let { cut, shown, changes } = await measure();
  for (let attempt = 1; attempt < 3 && changes.length === 0; attempt++) {
    ({ cut, shown, changes } = await measure());
  }
  expect(changes.length, 'a change of tone heard around the panel’s change').toBeGreaterThan(0);
  const heard = changes.reduce((a, b) =>
    Math.abs(b.at - shown.at) < Math.abs(a.at - shown.at) ? b : a,
  );
  const offset = shown.at - heard.at;
  const delay = await outputDelay(page);
  const report =
    `panel ${offset >= 0 ? '+' : ''}${offset.toFixed(1)} ms from the heard change ` +
    `(${heard.previousHz!.toFixed(0)} Hz → ${heard.hz.toFixed(0)} Hz, '${cut}' → '${shown.to}'; ` +
    `sound left the output ${delay.renderedAheadMs.toFixed(1)} ms after the tap rendered it)`;
  test.info().annotations.push({ type: 'offset', description: report });
  console.log(`stream-sync: ${report}`);
  expect(Math.abs(offset)).toBeLessThanOrEqual(TOLERANCE_MS);
});
