import { expect, test, type Locator, type Page } from '@playwright/test';

// The long tones seeded by e2e/support/seed-catalog.ts (the songs the station plays first)
// carry embedded cover art; every other seeded song has none and shows the drawn placeholder.

const TONE = /Sine [A-Z][a-z]+/;
const REAL_ART = /^\/api\/art\/[0-9a-f]{64}\.png\?size=(96|512)$/;
const PLACEHOLDER = /^\/api\/art\/placeholder\/\d+\.svg\?size=(96|512)$/;

const nowPlaying = (page: Page) => page.getByRole('region', { name: 'Now Playing' });
const liveStream = (page: Page) => page.getByRole('region', { name: 'Live Stream' });
const queueTable = (page: Page) => page.getByRole('region', { name: 'Queue and history' });
/** The pixels an image decoded to; 0 while it has not loaded (or failed to). */
const naturalWidth = (img: Locator) => img.evaluate((el: HTMLImageElement) => el.naturalWidth);

interface Artwork {
  src: string;
  sizes: string;
  type: string;
}

const sessionArtwork = (page: Page) =>
  page.evaluate(() =>
    (navigator.mediaSession.metadata?.artwork ?? []).map(({ src, sizes, type }) => ({
      src,
      sizes: sizes ?? '',
      type: type ?? '',
    })),
  );

test('the now-playing panel shows the cover, and the media session has it after Play', async ({
  page,
}) => {
  await page.goto('/');
  const cover = nowPlaying(page).getByRole('img', { name: /^Cover art: Sine [A-Z][a-z]+$/ });
  await expect(cover).toHaveAttribute('src', REAL_ART);
  await expect(cover).toHaveAttribute('src', /size=512$/);
  await expect.poll(() => naturalWidth(cover)).toBe(512);
  await expect(nowPlaying(page)).toContainText(TONE);

  await liveStream(page).getByRole('button', { name: 'Play' }).click();
  await expect(liveStream(page).getByRole('button', { name: 'Pause' })).toBeVisible();
  // The panel follows the song heard; the media session names the same song and cover.
  await expect
    .poll(async () => {
      const shown = await cover.evaluate((el: HTMLImageElement) => el.src);
      const artwork = await sessionArtwork(page);
      return artwork.some((a) => a.src === shown && a.sizes === '512x512');
    })
    .toBe(true);
  const artwork: Artwork[] = await sessionArtwork(page);
  const own = artwork.filter((a) => REAL_ART.test(new URL(a.src).pathname + new URL(a.src).search));
  expect(own.map((a) => [a.sizes, a.type])).toEqual([
    ['96x96', 'image/jpeg'],
    ['512x512', 'image/jpeg'],
  ]);
  // The station's own images follow as the fallback.
  expect(artwork.slice(own.length).map((a) => new URL(a.src).pathname)).toEqual([
    '/cover-512.png',
    '/cover.svg',
  ]);
  // What the media session points at is the real thing, cached for good.
  const res = await page.request.get(own[0]!.src);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/jpeg');
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('queue rows show small covers: the embedded art, or the drawn placeholder', async ({
  page,
}) => {
  await page.goto('/');
  const table = queueTable(page);
  const toneRow = table.getByRole('row').filter({ hasText: 'Sine Drone' });
  const toneThumb = toneRow.locator('img.cover-thumb');
  await expect(toneThumb).toHaveAttribute('src', REAL_ART);
  await expect(toneThumb).toHaveAttribute('src', /size=96$/);
  await expect(toneThumb).toHaveAttribute('loading', 'lazy');
  await expect(toneThumb).toHaveAttribute('width', '32');
  await expect(toneThumb).toHaveAttribute('height', '32');
  await expect(toneThumb).toHaveAttribute('alt', '');
  await expect.poll(() => naturalWidth(toneThumb)).toBe(96);

  // 'Xenon Haze' is in the history (seeded play) and has no audio, so no art.
  const hazeThumb = table.getByRole('row').filter({ hasText: 'Xenon Haze' }).locator('img');
  await expect(hazeThumb).toHaveAttribute('src', PLACEHOLDER);
  await expect.poll(() => naturalWidth(hazeThumb)).toBe(96);
});

test('the song page shows the drawn cover of a song without art', async ({ page }) => {
  const search = await page.request.get('/api/search?q=Xenon%20Haze');
  const { songs } = (await search.json()) as { songs: { song: { id: number; title: string } }[] };
  const haze = songs.find((e) => e.song.title === 'Xenon Haze')!.song;
  await page.goto(`/song/${haze.id}`);
  const cover = page.getByRole('img', { name: 'Cover art: Xenon Haze' });
  await expect(cover).toHaveAttribute('src', `/api/art/placeholder/${haze.id}.svg?size=512`);
  await expect.poll(() => naturalWidth(cover)).toBe(512);
});
