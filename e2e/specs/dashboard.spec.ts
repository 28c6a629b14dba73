import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiSignup, openAs } from '../support/api';
import { cliBackup, cliCreateUser } from '../support/staff';

test('staff see the backups on the dashboard: made, failed, and how to schedule them', async ({
  page,
  request,
}) => {
  const helper = await cliCreateUser(request, 'helper');
  await openAs(page, helper.token, '/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByText(/^No scheduled backups: set BACKUP_SCHEDULE/)).toBeVisible();

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-e2e-backups-'));
  try {
    const made = await cliBackup(path.join(folder, 'from-the-e2e.qcbackup'));
    expect(made.ok, made.said).toBe(true);
    // A folder that is a file: the backup fails, and says why.
    fs.writeFileSync(path.join(folder, 'blocked'), '');
    const failed = await cliBackup(path.join(folder, 'blocked', 'never.qcbackup'));
    expect(failed.ok).toBe(false);

    await page.reload();
    const table = page.getByRole('region', { name: 'Latest backups' });
    const rows = table.getByRole('row');
    await expect(rows.filter({ hasText: 'from-the-e2e.qcbackup' })).toContainText('OK');
    await expect(rows.filter({ hasText: 'from-the-e2e.qcbackup' })).toContainText(/MiB|KiB/);
    await expect(rows.filter({ hasText: 'never.qcbackup' })).toContainText('Failed: ');
    await expect(rows.filter({ hasText: 'never.qcbackup' })).toContainText('Command');
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test('a listener is shown no dashboard', async ({ page, request }) => {
  const user = await apiSignup(request);
  await openAs(page, user.token, '/dashboard');
  await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
  ).toHaveCount(0);
});

test('backups that fail to load say so, and load on Try again', async ({ page, request }) => {
  const helper = await cliCreateUser(request, 'helper');
  // The network fails every call for the backups until the route is lifted.
  await page.route('**/api/staff/backups', (route) => route.abort());
  await openAs(page, helper.token, '/dashboard');
  await expect(
    page.getByRole('status').filter({ hasText: 'Failed to load the backups' }),
  ).toBeVisible();
  await expect(page.getByText('The backups could not be loaded.')).toBeVisible();
  await page.unroute('**/api/staff/backups');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText(/^No scheduled backups: set BACKUP_SCHEDULE/)).toBeVisible();
  await expect(page.getByText('The backups could not be loaded.')).toHaveCount(0);
});
