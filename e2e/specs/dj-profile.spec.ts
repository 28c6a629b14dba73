import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT } from '../playwright.config';
import { apiLogin, apiSignup, openAs } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { streamKey } from '../support/live';

// A DJ's own profile shows how to go live: the station's address, the mount, their username
// and their stream key, and the same settings for BUTT, Mixxx and ffmpeg. Admins give and
// take the DJ permission on the users page.

const goLive = (page: Page) => page.getByRole('region', { name: 'Go live' });
const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).last();

test("an admin makes a listener a DJ; the DJ's profile shows the settings and the key", async ({
  browser,
  context,
  page,
  request,
}) => {
  test.slow();
  const dj = await apiSignup(request);
  await openAs(page, dj.token, '/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(dj.username);
  await expect(goLive(page)).toHaveCount(0);

  // The admin ticks DJ for the account on the users page.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await openAs(admin, await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password), '/');
    await admin.goto('/admin/users');
    await admin.getByLabel('Filter by username').fill(dj.username);
    await expect(admin.locator('.admin-users-table tbody tr')).toHaveCount(1);
    const box = admin.getByRole('checkbox', { name: `DJ: ${dj.username}` });
    await expect(box).not.toBeChecked();
    await box.click();
    await expect(toast(admin, `${dj.username} is a DJ`)).toBeVisible();
    await expect(box).toBeChecked();
    // In their scheduled shows only, until the admin allows any time.
    const anytime = admin.getByRole('checkbox', { name: 'any time' });
    await expect(anytime).not.toBeChecked();
    await anytime.click();
    await expect(toast(admin, `${dj.username} may go live at any time`)).toBeVisible();
    await expect(anytime).toBeChecked();

    await page.reload();
    const panel = goLive(page);
    await expect(panel.getByTestId('live-server')).toHaveText('127.0.0.1');
    await expect(panel.getByTestId('live-port')).toHaveText(String(E2E_PORT));
    await expect(panel.getByTestId('live-mount')).toHaveText('/live');
    await expect(panel.getByTestId('live-username')).toHaveText(dj.username);
    await expect(page.getByRole('region', { name: 'Request line' })).toContainText(
      'Your request line opens when you are on air.',
    );

    // The key stays hidden until asked for, in the panel and in the ffmpeg command.
    const key = await streamKey(request, dj.token);
    const shownKey = panel.getByTestId('live-key');
    const command = panel.getByTestId('ffmpeg-command');
    await expect(shownKey).not.toContainText(key);
    await expect(command).toContainText('STREAM_KEY');
    await expect(command).not.toContainText(key);
    await panel.getByRole('button', { name: 'Show' }).click();
    await expect(shownKey).toHaveText(key);
    await expect(command).toHaveText(
      `ffmpeg -re -i music.mp3 -c:a libmp3lame -b:a 192k -content_type audio/mpeg -f mp3 icecast://${dj.username}:${key}@127.0.0.1:${E2E_PORT}/live`,
    );
    const butt = panel.getByLabel('BUTT settings');
    await expect(butt).toContainText('Icecast mountpoint');
    await expect(butt).toContainText(key);
    await expect(panel.getByLabel('Mixxx settings')).toContainText('Icecast 2');
    await expectNoAxeViolations(page, 'a DJ’s profile');

    // Copy puts the key on the clipboard.
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await panel.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(toast(page, 'Stream key copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    // A new key, after a confirm: the panel shows it and the old one is gone.
    await panel.getByRole('button', { name: 'New key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a new stream key?' });
    await dialog.getByRole('button', { name: 'New key' }).click();
    await expect(toast(page, 'New stream key made')).toBeVisible();
    await expect(shownKey).not.toHaveText(key);
    const renewed = await streamKey(request, dj.token);
    expect(renewed).not.toBe(key);
    await expect(shownKey).toHaveText(renewed);

    // Taken away again: the profile no longer shows the panel.
    await box.click();
    await expect(toast(admin, `${dj.username} is no longer a DJ`)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(dj.username);
    await expect(page.getByText('Role:')).toBeVisible();
    await expect(goLive(page)).toHaveCount(0);
  } finally {
    await adminContext.close();
  }
});
