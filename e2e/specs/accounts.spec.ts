import { expect, test, type Page } from '@playwright/test';
import { apiLogin, apiSignup, openAs, signToken, uniqueName } from '../support/api';

const sidebar = (page: Page) => page.locator('#left-sidebar');
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test('sign-up through a referral link, then the inviter sees the code used', async ({
  page,
  request,
}) => {
  const inviter = await apiSignup(request);
  const codes = await request.get('/api/user/referrals', {
    headers: { authorization: `Bearer ${inviter.token}` },
  });
  const code = ((await codes.json()) as { referrals: { code: string }[] }).referrals[0]!.code;

  await page.goto(`/signup#${code}`);
  await expect(page.getByLabel('Referral code')).toHaveValue(code);
  const newcomer = uniqueName('new');
  await page.getByLabel('Username').fill(newcomer);
  await page.getByLabel('Email (optional)').fill(`${newcomer}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('pass1234');
  await page.getByLabel('Repeat password').fill('pass1234');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    sidebar(page).getByRole('navigation').getByRole('link', { name: newcomer }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();

  await sidebar(page).getByRole('button', { name: 'Log Out' }).click();
  await openAs(page, inviter.token, '/profile');
  await page.getByRole('button', { name: 'Invite codes', exact: true }).click();
  const row = page.locator('.invite-codes li').filter({ hasText: code });
  await expect(row).toContainText(`Used by ${newcomer}`);
  const unused = page.locator('.invite-codes li').filter({ hasText: 'Unused' });
  await expect(unused).toHaveCount(2);
  const link = unused.first().getByRole('link', { name: 'sign-up link' });
  await expect(link).toHaveAttribute('href', /^\/signup#[A-Z0-9]+$/);
});

test('sign-up form: every validation message', async ({ page, request }) => {
  const taken = await apiSignup(request);
  await page.goto('/signup');
  const submit = page.getByRole('button', { name: 'Sign Up' });
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Username and password are required.');
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Password', { exact: true }).fill('pass1234');
  await page.getByLabel('Repeat password').fill('pass1234');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Username must be at least 3 characters.');
  await expect(toast(page, 'Username must be at least 3 characters.')).toBeVisible();
  await page.getByLabel('Username').fill('abcdef');
  await page.getByLabel('Repeat password').fill('pass12345');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText("Passwords don't match.");
  await page.getByLabel('Username').fill(taken.username);
  await page.getByLabel('Repeat password').fill('pass1234');
  await submit.click();
  await expect(toast(page, 'That username is already taken.')).toBeVisible();
  await page.getByLabel('Username').fill(uniqueName());
  await page.getByLabel('Email (optional)').fill('not-an-email');
  await submit.click();
  await expect(toast(page, 'Please enter a valid email address.')).toBeVisible();
  await page.route('**/api/auth/signup', (route) => route.abort());
  await page.getByLabel('Email (optional)').fill('');
  await submit.click();
  await expect(toast(page, 'Something went wrong. Try again.')).toBeVisible();
});

test('log in, see the profile, log out', async ({ page, request }) => {
  const user = await apiSignup(request);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your username and password.');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(toast(page, 'Invalid username or password.')).toBeVisible();
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(user.username);
  await sidebar(page).getByRole('button', { name: 'Log Out' }).click();
  await expect(sidebar(page).getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});

test('a login that cannot reach the server says Network error', async ({ page }) => {
  await page.goto('/login');
  await page.route('**/api/auth/login', (route) => route.abort());
  await page.getByLabel('Username').fill('someone');
  await page.getByLabel('Password').fill('whatever');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(toast(page, 'Network error')).toBeVisible();
});

test('change password: messages, success, and the new password works', async ({
  page,
  request,
}) => {
  const user = await apiSignup(request);
  await openAs(page, user.token, '/profile');
  await page.getByRole('button', { name: 'Change password', exact: true }).click();
  const current = page.getByLabel('Current password');
  const next = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password');
  const submit = page.getByRole('button', { name: 'Change Password', exact: true });

  await current.fill(user.password);
  await next.fill('abcd');
  await confirm.fill('abce');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText("New passwords don't match");
  await next.fill('abc');
  await confirm.fill('abc');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText(
    'New password must be at least 4 characters long',
  );
  await current.fill('not-my-password');
  await next.fill('brand-new');
  await confirm.fill('brand-new');
  await submit.click();
  await expect(toast(page, 'Current password is incorrect.')).toBeVisible();
  await current.fill(user.password);
  await submit.click();
  await expect(toast(page, 'Password changed.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(user.username);

  const old = await request.get('/api/user/me', {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(old.status()).toBe(401);
  await apiLogin(request, user.username, 'brand-new');
});

test('an expired token logs out at once, a live one at its exact expiry', async ({
  page,
  request,
}) => {
  const user = await apiSignup(request);
  await openAs(page, await signToken(user, -5), '/');
  await expect(sidebar(page).getByRole('link', { name: 'Log In' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  await openAs(page, await signToken(user, 4), '/');
  await expect(
    sidebar(page).getByRole('navigation').getByRole('link', { name: user.username }),
  ).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Log In' })).toBeVisible({
    timeout: 8000,
  });
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  await openAs(page, 'not.a.token', '/');
  await expect(sidebar(page).getByRole('link', { name: 'Log In' })).toBeVisible();
});
