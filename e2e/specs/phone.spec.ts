import { expect, test, type Page } from '@playwright/test';
import { apiSignup, openAs, songId } from '../support/api';

// A phone held upright: the player on the first screen, the pages one column wide, the menu
// behind a button.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** How far the page reaches past the right edge of the screen (0 when nothing does). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('the player is on the first screen: the song on air and the Play button', async ({ page }) => {
  await page.goto('/');
  const song = page.getByTestId('now-playing-song');
  await expect(song).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(song.getByTestId('now-playing-title')).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Play' })).toBeInViewport({ ratio: 1 });
});

test('the queue and a song page fit the width; queue rows are cards', async ({ page, request }) => {
  // Signed in, the table has every column it can have on the queue page.
  const user = await apiSignup(request);
  await openAs(page, user.token, '/');
  const queue = page.getByRole('region', { name: 'Queue and history' });
  await expect(queue.getByRole('row').first()).toBeVisible({ timeout: 15_000 });
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  // The table itself does not scroll sideways either: each row fits the column.
  expect(await queue.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const row = queue.locator('tbody tr').first();
  const box = (await row.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  // Title, artist and the Fav toggle of one song are all on the screen's width.
  for (const cell of await row.getByRole('cell').all()) {
    const b = (await cell.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(390);
  }

  const id = await songId(request, 'Vote Target Song');
  await page.goto(`/song/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vote Target Song');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});

test('the menu button opens and closes the sidebar menu', async ({ page }) => {
  await page.goto('/');
  const button = menuButton(page);
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toHaveAttribute('aria-controls', 'left-sidebar');
  await expect(mainNav(page)).toBeHidden();

  // Opens, and focus moves into it; Escape closes it and focus comes back to the button.
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(mainNav(page)).toBeVisible();
  await expect(mainNav(page).getByRole('link', { name: 'Artists' })).toBeInViewport();
  await expect(page.locator('#left-sidebar')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(mainNav(page)).toBeHidden();
  await expect(button).toBeFocused();

  // The button closes what it opened; so does a tap outside the menu.
  await button.click();
  await expect(mainNav(page)).toBeVisible();
  await button.click();
  await expect(mainNav(page)).toBeHidden();
  await button.click();
  await expect(mainNav(page)).toBeVisible();
  await page.mouse.click(370, 800);
  await expect(mainNav(page)).toBeHidden();
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  // Tabbing out of the menu leaves it closed behind.
  await button.click();
  await expect(page.locator('#left-sidebar')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(mainNav(page)).toBeHidden();

  // A link in the menu goes there and folds the menu away.
  await button.click();
  await mainNav(page).getByRole('link', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(mainNav(page)).toBeHidden();
});

test('the chat stays reachable below the page, and the Chat link brings it up', async ({
  page,
}) => {
  await page.goto('/');
  const chat = page.getByRole('heading', { name: 'Chat', level: 2 });
  await expect(chat).toBeVisible();
  // The jump scrolls once: what the page above the chat is still loading would push it down.
  await expect(page.getByText('Loading queue...')).toBeHidden();
  await expect(page.getByText('Waiting for now playing data...')).toBeHidden();
  await page.getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(chat).toBeInViewport();
  // Not under the top bar that stays on the screen.
  const bar = (await page.getByTestId('top-bar').boundingBox())!;
  expect((await chat.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
  await expect(page.getByRole('textbox', { name: 'Chat message' })).toBeInViewport();
});

test('the web app manifest is served, linked, and its icons load', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest.name).toBe('Queuecast');
  expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
  const pngs = manifest.icons.filter((i) => i.type === 'image/png');
  expect(pngs.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toContain(icon.type);
    if (icon.type === 'image/png') {
      // The PNG's own header says its size: bytes 16-23 are width and height.
      const body = await file.body();
      const size = `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
      expect(size, icon.src).toBe(icon.sizes);
    }
  }
});
