import { expect, test } from '@playwright/test';

const SONG = 'Vote Target Song';

test('the title names the page, and focus moves to the content after a navigation', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/^Queue · /);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Artists', exact: true }).click();
  await expect(page).toHaveTitle(/^Artists · /);
  await expect(page.locator('main#main')).toBeFocused();

  await page.goto(`/search?q=${encodeURIComponent(SONG)}`);
  await page.getByRole('link', { name: SONG, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(SONG);
  await expect(page).toHaveTitle(new RegExp(`^${SONG} · `));
  await expect(page.locator('main#main')).toBeFocused();
});

test('a page whose code cannot load shows an error page with a way back', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent(SONG)}`);
  await expect(page.getByRole('link', { name: SONG, exact: true }).first()).toBeVisible();
  // The song page's chunk fails, as when the network drops or a new version replaced it.
  await page.route(/\/assets\/song-page-[^/]*\.js$/, (route) => route.abort());
  await page.getByRole('link', { name: SONG, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be shown');
  await expect(page).toHaveTitle(/^Error · /);
  // The shell stays: the menu and the player still work around the error.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle(/^Queue · /);
});
