import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { apiLogin, apiSignup, openAs } from '../support/api';

test('deep links survive a reload', async ({ page }) => {
  for (const [path, heading] of [
    ['/song/999999', 'Song not found.'],
    ['/tags/a,b', 'Tags: a + b'],
    ['/artists/A', 'Artists: A'],
    ['/onelinerhistory', 'Oneliner history'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
});

test('search box: trims the term and ignores a blank one', async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search songs' });
  await expect(box).toHaveAttribute('placeholder', 'Search songs...');
  await box.fill('   ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await box.fill('  amiga tunes ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=amiga%20tunes$/);
});

test('menus: logged out, logged in, staff', async ({ page, request }) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await page.goto('/');
  for (const name of ['Queue', 'Artists', 'Platforms', 'Tags', 'Feed', 'Log In', 'Sign Up']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  const user = await apiSignup(request);
  await openAs(page, user.token, '/');
  await expect(nav.getByRole('link', { name: user.username })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();
  // Any listener adds songs (staff review them); the staff desk's links are staff's only.
  await expect(nav.getByRole('link', { name: 'Add Song' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Missing Files' })).toHaveCount(0);
  await page.goto('/missingsongs');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('You do not have permission to access this page')).toBeVisible();

  const adminToken = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  await openAs(page, adminToken, '/');
  await expect(nav.getByRole('link', { name: 'Add Song' })).toBeVisible();
  await nav.getByRole('link', { name: 'Missing Files' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Missing Files');
});

test('the inbox sends a logged-out visitor to log in', async ({ page }) => {
  await page.goto('/inbox');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please log in to see your inbox.')).toBeVisible();
});

test('active users appear from the live update, alphabetically', async ({ page, request }) => {
  const names = ['zz_listener', 'aa_listener'];
  for (const username of names) {
    const u = await apiSignup(request, { username: `${username}${Date.now() % 1000}` });
    await request.get('/api/user/me', { headers: { authorization: `Bearer ${u.token}` } });
  }
  await page.goto('/');
  const list = page.getByRole('region', { name: 'Active Users' }).getByRole('listitem');
  await expect(list.filter({ hasText: 'aa_listener' })).toHaveCount(1);
  const texts = await list.allTextContents();
  const sorted = [...texts].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
  expect(texts).toEqual(sorted);
  await expect(page.getByText('Waiting for now playing data...')).toHaveCount(0);
});

test('banner: three images, one shown, links home', async ({ page }) => {
  await page.goto('/tags');
  const banner = page.getByRole('link', { name: 'Queuecast home' });
  await expect(banner.locator('img')).toHaveCount(3);
  await expect(banner.getByTestId('banner-current')).toHaveCount(1);
  await banner.click();
  await expect(page).toHaveURL(/\/$/);
});

test('phone width: the menu opens from a button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await menu.click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Artists' })
    .click();
  await expect(page).toHaveURL(/\/artists$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
});
