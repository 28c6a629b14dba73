import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiSignup, openAs } from '../support/api';
import { expectNoAxeViolations } from '../support/axe';
import { cliCreateUser } from '../support/staff';

/*
 * /stats on the first station, whose seeder wrote 35 days of statistics (support/seed-stats.ts)
 * beside its seeded plays and requests.
 */

const panel = (page: Page, title: string) =>
  page.locator('section[data-panel]').filter({ has: page.getByRole('heading', { name: title }) });

test('staff see every chart and table with data; the range redraws them; CSV downloads', async ({
  page,
  request,
}) => {
  const helper = await cliCreateUser(request, 'helper');
  await openAs(page, helper.token, '/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Statistics' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Statistics');

  // A week by default: the listeners by the hour, drawn by uPlot with its band.
  const listeners = panel(page, 'Listeners');
  await expect(listeners.getByText(/^Average [\d.]+, peak \d+, by the hour\.$/)).toBeVisible();
  await expect(listeners.locator('[data-chart] canvas')).toBeVisible();
  await expect(listeners.locator('.u-legend')).toContainText('Average');
  // The busiest hours: Friday evenings (UTC) stand out in the seeded weeks.
  const heatmap = panel(page, 'Busiest hours').getByRole('region', {
    name: /Average listeners by weekday and hour/,
  });
  await expect(heatmap.getByRole('row')).toHaveCount(8);
  await expect(heatmap.getByRole('cell').filter({ hasText: /^\d+$/ }).first()).toBeVisible();
  const sessions = panel(page, 'Listening sessions');
  await expect(sessions.getByText(/^\d+ sessions, \d+ hours listened/)).toBeVisible();
  await expect(sessions.getByRole('list', { name: 'Sessions by client' })).toContainText(
    'Media players',
  );
  await expect(sessions.getByRole('list', { name: 'Sessions by length' })).toContainText(
    '4 h or more',
  );
  await expect(
    panel(page, 'Requests, votes and chat').locator('[data-chart] canvas'),
  ).toBeVisible();
  // Quasar Dusk played twice, each gaining four listeners.
  const topSongs = panel(page, 'Top songs');
  await expect(topSongs.getByRole('row').filter({ hasText: 'Quasar Dusk' })).toContainText('+8');
  await expect(
    panel(page, 'Top artists').getByRole('row').filter({ hasText: 'Quixotic Quasar' }),
  ).toBeVisible();
  await expect(
    panel(page, 'Top requesters').getByRole('link', { name: 'history_listener' }),
  ).toBeVisible();
  await topSongs.getByRole('combobox', { name: 'By' }).selectOption('requests');
  await expect(topSongs.getByRole('columnheader', { name: 'Requests' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  // 24 hours: by the minute; a year: by the day.
  await page.getByRole('button', { name: '24 hours' }).click();
  await expect(page).toHaveURL(/range=24h/);
  await expect(listeners.getByText(/by the minute\.$/)).toBeVisible();
  await page.getByRole('button', { name: '1 year' }).click();
  await expect(listeners.getByText(/by the day\.$/)).toBeVisible();
  await expect(panel(page, 'Requests, votes and chat').getByText(/by the day\.$/)).toBeVisible();
  // Days chosen by hand; a range over two years is refused with the station's words.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2026-01-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('Choose a range of at most two years.')).toBeVisible();

  await page.getByRole('button', { name: '30 days' }).click();
  const download = page.waitForEvent('download');
  await listeners.getByRole('button', { name: 'CSV of listeners' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^listeners-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs
    .readFileSync(await file.path(), 'utf8')
    .trim()
    .split('\n');
  expect(csv[0]).toBe('time,average,min,max,mp3,relay,hls,sites');
  expect(csv.length).toBeGreaterThan(24 * 29);

  await expectNoAxeViolations(page, '/stats on a desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(listeners.locator('[data-chart] canvas')).toBeVisible();
  await expectNoAxeViolations(page, '/stats on a phone');
});

test('an admin chooses the panels the public sees', async ({ page, request, browser }) => {
  const admin = await cliCreateUser(request, 'admin');
  const visitor = await browser.newPage();
  try {
    await visitor.goto('/stats');
    await expect(visitor.getByText("The station's statistics are not public.")).toBeVisible();

    await openAs(page, admin.token, '/stats');
    const form = page.getByRole('group', { name: 'Shown to everyone' });
    await form.getByLabel('Top songs').check();
    await form.getByLabel('Busiest hours').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Public statistics saved')).toBeVisible();

    await visitor.reload();
    await expect(
      panel(visitor, 'Top songs').getByRole('row').filter({ hasText: 'Quasar Dusk' }),
    ).toBeVisible();
    await expect(panel(visitor, 'Busiest hours')).toBeVisible();
    await expect(visitor.locator('section[data-panel]')).toHaveCount(2);
    // A signed-in listener sees the same, and no admin form.
    const listener = await apiSignup(request);
    await openAs(visitor, listener.token, '/stats');
    await expect(visitor.locator('section[data-panel]')).toHaveCount(2);
    await expect(visitor.getByRole('group', { name: 'Shown to everyone' })).toHaveCount(0);
  } finally {
    await visitor.close();
    await openAs(page, admin.token, '/stats');
    const form = page.getByRole('group', { name: 'Shown to everyone' });
    await form.getByLabel('Top songs').uncheck();
    await form.getByLabel('Busiest hours').uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Public statistics saved')).toBeVisible();
  }
});
