import { expect, test, type Page } from '@playwright/test';
import { apiSignup, openAs } from '../support/api';
import { cliCreateUser } from '../support/staff';

// The seeded catalogue has no audio for its 520 'Zepto Track nnn' songs on 'Zeptotron Nine'
// (e2e/support/seed-catalog.ts): eleven pages of 50 songs without files.
const ZEPTO = 'Zeptotron Nine';
const NO_PERMISSION = 'You do not have permission to access this page';

const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).last();
const titles = (page: Page) => page.locator('.missing-songs-table tbody td.missing-title');
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
const searchBox = (page: Page) => page.getByLabel('Search', { exact: true });
const platformSelect = (page: Page) => page.getByLabel('Platform', { exact: true });

test('staff filter the songs without files by platform and search, and page through them', async ({
  page,
  request,
}) => {
  // Many steps, and a staff account made with the command line: more than the default 30 s.
  test.slow();
  const helper = await cliCreateUser(request, 'helper');
  await openAs(page, helper.token, '/');
  await page.getByRole('link', { name: 'Missing Files' }).click();
  await expect(page.getByRole('heading', { name: 'Missing Files' })).toBeVisible();
  await expect(page.getByText(/^Showing 50 of \d+ songs$/)).toBeVisible();

  await platformSelect(page).selectOption(ZEPTO);
  await expect(page.getByText('Showing 50 of 520 songs')).toBeVisible();
  await expect(pager(page)).toContainText('Page 1 of 11');
  await expect(page).toHaveURL(/platform=Zeptotron\+Nine/);
  await expect(titles(page).first()).toHaveText('Zepto Track 001');
  const row = page.locator('.missing-songs-table tbody tr').first();
  await expect(row.getByRole('cell').nth(1)).toHaveText('Zepto Crew');
  await expect(row.getByRole('cell').nth(2)).toHaveText(ZEPTO);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Missing file');
  await expect(pager(page).getByRole('button', { name: 'First' })).toBeDisabled();
  await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeDisabled();

  await pager(page).getByRole('button', { name: 'Next' }).click();
  await expect(pager(page)).toContainText('Page 2 of 11');
  await expect(titles(page).first()).toHaveText('Zepto Track 051');
  await pager(page).getByRole('button', { name: 'Last' }).click();
  await expect(pager(page)).toContainText('Page 11 of 11');
  await expect(page.getByText('Showing 20 of 520 songs')).toBeVisible();
  await expect(titles(page).last()).toHaveText('Zepto Track 520');
  await expect(pager(page).getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(pager(page).getByRole('button', { name: 'Last' })).toBeDisabled();
  await pager(page).getByRole('button', { name: 'Previous' }).click();
  await expect(pager(page)).toContainText('Page 10 of 11');

  // The page and the filter are in the URL: reload and back keep them.
  await page.reload();
  await expect(pager(page)).toContainText('Page 10 of 11');
  await expect(platformSelect(page)).toHaveValue(ZEPTO);
  await page.goBack();
  await expect(pager(page)).toContainText('Page 11 of 11');
  await pager(page).getByRole('button', { name: 'First' }).click();
  await expect(pager(page)).toContainText('Page 1 of 11');
  await pager(page).getByRole('button', { name: 'Next' }).click();
  await expect(pager(page)).toContainText('Page 2 of 11');

  // A search starts again at page 1, within the platform.
  await searchBox(page).fill('Track 50');
  await expect(page.getByText('Showing 10 of 10 songs')).toBeVisible();
  await expect(pager(page)).toContainText('Page 1 of 1');
  await expect(page).toHaveURL(/q=Track\+50/);
  await expect(page).not.toHaveURL(/page=/);
  await expect(titles(page)).toHaveText(
    Array.from({ length: 10 }, (_, i) => `Zepto Track ${500 + i}`),
  );

  // The search alone reaches other platforms, by title or by artist.
  await searchBox(page).fill('Quasar');
  await expect(page.getByText('No songs without files match this search.')).toBeVisible();
  await platformSelect(page).selectOption('');
  await expect(page.getByText('Showing 2 of 2 songs')).toBeVisible();
  await expect(titles(page)).toHaveText(['Quasar Dawn', 'Quasar Dusk']);

  // Back undoes the platform change; the box shows the term of that step.
  await page.goBack();
  await expect(page.getByText('No songs without files match this search.')).toBeVisible();
  await expect(searchBox(page)).toHaveValue('Quasar');

  // Each row leads to its upload page and to its song page.
  await platformSelect(page).selectOption('');
  const dawn = page.locator('.missing-songs-table tbody tr', { hasText: 'Quasar Dawn' });
  const upload = dawn.getByRole('link', { name: /^Upload File/ });
  await expect(upload).toHaveAttribute('href', /^\/uploadsong\/\d+$/);
  await dawn.getByRole('link', { name: /^View Song/ }).click();
  await expect(page).toHaveURL(/\/song\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Quasar Dawn' })).toBeVisible();
});

test('on a phone the list is a column of cards that fits the screen', async ({
  browser,
  request,
}) => {
  const helper = await cliCreateUser(request, 'helper');
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  try {
    await openAs(page, helper.token, `/missingsongs?platform=${encodeURIComponent(ZEPTO)}`);
    await expect(page.getByText('Showing 50 of 520 songs')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const first = page.locator('.missing-songs-table tbody tr').first();
    const link = first.getByRole('link', { name: /^View Song/ });
    await expect(link).toBeVisible();
    const box = await link.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await pager(page).scrollIntoViewIfNeeded();
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await expect(pager(page)).toContainText('Page 2 of 11');
  } finally {
    await context.close();
  }
});

test('a listener or a visitor is told the page is not for them and sent home', async ({
  page,
  request,
}) => {
  const listener = await apiSignup(request);
  await openAs(page, listener.token, '/missingsongs');
  await expect(toast(page, NO_PERMISSION)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Missing Files' })).toHaveCount(0);
  // Told once, not over and over.
  await page.waitForTimeout(500);
  await expect(page.getByRole('status').filter({ hasText: NO_PERMISSION })).toHaveCount(1);

  await page.evaluate(() => localStorage.removeItem('authToken'));
  await page.goto('/missingsongs');
  await expect(toast(page, NO_PERMISSION)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('a platform picked while the search is still waiting keeps both', async ({
  page,
  request,
}) => {
  const helper = await cliCreateUser(request, 'helper');
  await openAs(page, helper.token, '/missingsongs');
  await expect(page.getByText(/^Showing \d+ of \d+ songs$/)).toBeVisible();
  // Within the search box's 300 ms pause: the pending search must not drop the platform.
  await searchBox(page).fill('Track 01');
  await platformSelect(page).selectOption(ZEPTO);
  await page.waitForTimeout(700);
  await expect(page).toHaveURL(/platform=Zeptotron\+Nine/);
  await expect(page).toHaveURL(/q=Track\+01/);
  await expect(platformSelect(page)).toHaveValue(ZEPTO);
  await expect(titles(page).first()).toHaveText('Zepto Track 010');
});
