import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { apiLogin, apiSignup, openAs } from '../support/api';
import { cliCreateUser } from '../support/staff';

const NO_PERMISSION = 'You do not have permission to access this page';

const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).last();

test("an admin makes a listener a helper; the listener's pages show the staff links", async ({
  browser,
  page,
  request,
}) => {
  // Two browsers and many steps: more than the default 30 s.
  test.slow();
  const listener = await apiSignup(request);
  const listenerContext = await browser.newContext();
  const listenerPage = await listenerContext.newPage();
  try {
    await openAs(listenerPage, listener.token, '/');
    // The menu's profile link (their name also links to their page among the active users).
    const listenerMenu = listenerPage.getByRole('navigation', { name: 'Main' });
    await expect(listenerMenu.getByRole('link', { name: listener.username })).toBeVisible();
    await expect(listenerPage.getByRole('link', { name: 'Missing Files' })).toHaveCount(0);

    const adminToken = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
    await openAs(page, adminToken, '/');
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/users$/);

    await page.getByLabel('Filter by username').fill(listener.username);
    const role = page.getByLabel(`Role of ${listener.username}`);
    await expect(page.locator('.admin-users-table tbody tr')).toHaveCount(1);
    await expect(role).toHaveValue('user');
    await role.selectOption('helper');
    await expect(toast(page, 'Role updated')).toBeVisible();
    await expect(role).toHaveValue('helper');

    // The change ends the listener's sessions: their open page signs out and says why.
    await expect(toast(listenerPage, 'Your session has ended. Please log in again.')).toBeVisible();
    await expect(listenerMenu.getByRole('link', { name: listener.username })).toHaveCount(0);

    // The new role holds on the server, and the listener's next login shows it.
    await page.reload();
    await page.getByLabel('Filter by username').fill(listener.username);
    await expect(page.getByLabel(`Role of ${listener.username}`)).toHaveValue('helper');
    const relogged = await apiLogin(request, listener.username, listener.password);
    await openAs(listenerPage, relogged, '/');
    await expect(listenerPage.getByRole('link', { name: 'Missing Files' })).toBeVisible();
    await expect(listenerPage.getByRole('link', { name: 'Add Song' })).toBeVisible();
    await expect(listenerPage.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
    await listenerPage.getByRole('link', { name: 'Missing Files' }).click();
    await expect(listenerPage.getByRole('heading', { name: 'Missing Files' })).toBeVisible();

    // An admin cannot change their own role: the server says so, the selector springs back.
    await page.getByLabel('Filter by username').fill(E2E_ADMIN.username);
    const own = page.getByLabel(`Role of ${E2E_ADMIN.username}`);
    await expect(own).toHaveValue('admin');
    await own.selectOption('user');
    await expect(toast(page, 'You cannot change your own role; ask another admin.')).toBeVisible();
    await expect(own).toHaveValue('admin');
  } finally {
    await listenerContext.close();
  }
});

test('the users page on a phone', async ({ browser, request }) => {
  const admin = await cliCreateUser(request, 'admin');
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  try {
    await openAs(page, admin.token, '/admin/users');
    await expect(page.getByLabel(`Role of ${admin.username}`)).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await context.close();
  }
});

test('a helper is not let in', async ({ page, request }) => {
  const helper = await cliCreateUser(request, 'helper');
  await openAs(page, helper.token, '/');
  await expect(page.getByRole('link', { name: 'Missing Files' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
  await page.goto('/admin/users');
  await expect(toast(page, NO_PERMISSION)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
