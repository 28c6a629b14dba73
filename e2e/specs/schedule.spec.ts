import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { apiLogin, apiSignup, openAs, uniqueName } from '../support/api';
import { deleteShowsTitled, grantDj, localInputs } from '../support/schedule';
import { cliCreateUser } from '../support/staff';

/** Not UTC, with a half-hour offset: the form's and the week's local times are the viewer's. */
const TIME_ZONE = 'Asia/Kolkata';
/** Clock times as 24-hour HH:MM, as the form's time input takes them. */
const LOCALE = 'en-GB';

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).last();

/** A 1×1 PNG: the smallest picture the station's artwork takes. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** One slot of the week, found by its show's title. */
const slot = (page: Page, title: string) =>
  page.getByTestId('schedule-slot').filter({ hasText: title });

async function fillShow(
  page: Page,
  show: { title: string; description?: string; date: string; time: string; minutes: number },
) {
  await page.getByLabel('Title', { exact: true }).fill(show.title);
  if (show.description) await page.getByLabel('Description (optional)').fill(show.description);
  await page.getByLabel('Date', { exact: true }).fill(show.date);
  await page.getByLabel('Start time').fill(show.time);
  await page.getByLabel('Minutes', { exact: true }).fill(String(show.minutes));
}

const noStaffControls = async (scope: Locator | Page) => {
  await expect(scope.getByRole('button', { name: 'Add show' })).toHaveCount(0);
  await expect(scope.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
};

test('staff plan a live and a themed show; listeners see them on now, next and in the week', async ({
  browser,
  request,
}) => {
  test.slow();
  const adminToken = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const dj = await apiSignup(request, { username: uniqueName('dj') });
  await grantDj(request, adminToken, dj.id);
  const helper = await cliCreateUser(request, 'helper');
  const listener = await apiSignup(request);
  const liveTitle = uniqueName('Live Hour');
  const themedTitle = uniqueName('Chip Hour');

  // The live show began a minute ago (on now); the themed one begins 90 minutes after it.
  const liveStart = Math.floor(Date.now() / 60_000) * 60 - 60;
  const themedStart = liveStart + 90 * 60;
  const live = localInputs(liveStart, TIME_ZONE);
  const themed = localInputs(themedStart, TIME_ZONE);

  const staffContext = await browser.newContext({ timezoneId: TIME_ZONE, locale: LOCALE });
  const listenerContext = await browser.newContext({ timezoneId: TIME_ZONE, locale: LOCALE });
  try {
    const page = await staffContext.newPage();
    await openAs(page, helper.token, '/');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Schedule' })
      .click();
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();

    // The form checks before sending, with the contract's words.
    await page.getByRole('button', { name: 'Add show' }).click();
    const form = page.locator('form', { has: page.getByLabel('Title', { exact: true }) });
    await page.getByLabel('Title', { exact: true }).fill('   ');
    await form.getByRole('button', { name: 'Add show' }).click();
    await expect(form.getByRole('alert')).toHaveText('Title must not be empty.');

    // A live show: its DJ by username, a description that is text, never markup.
    await fillShow(page, {
      title: liveTitle,
      description: 'Requests <b>welcome</b>',
      date: live.date,
      time: live.time,
      minutes: 60,
    });
    await page.getByLabel('DJ username').fill(uniqueName('nobody'));
    await form.getByRole('button', { name: 'Add show' }).click();
    // The server's refusal, as it says it: the DJ is unknown.
    await expect(toast(page, /DJ/)).toBeVisible();
    await page.getByLabel('DJ username').fill(dj.username);
    await form.getByRole('button', { name: 'Add show' }).click();
    await expect(toast(page, `Added "${liveTitle}".`)).toBeVisible();
    await expect(form).toHaveCount(0);

    // A themed show: no DJ field, the theme's lists instead; weekly.
    await page.getByRole('button', { name: 'Add show' }).click();
    await page.getByLabel('Kind').selectOption('themed');
    await expect(page.getByLabel('DJ username')).toHaveCount(0);
    await fillShow(page, { title: themedTitle, date: themed.date, time: themed.time, minutes: 45 });
    await page.getByLabel('Platforms').fill('Commodore 64, Amiga');
    await page.getByLabel('Tags').fill('chiptune');
    await page.getByLabel('Minimum rating (optional)').fill('4');
    await page.getByLabel('Every week').check();
    await form.getByRole('button', { name: 'Add show' }).click();
    await expect(toast(page, `Added "${themedTitle}".`)).toBeVisible();

    // The week: each on its local day, with its times, kind, DJ or theme.
    const liveSlot = slot(page, liveTitle);
    await expect(liveSlot).toHaveCount(1);
    await expect(
      page.locator(`[data-testid="schedule-day"][data-day="${live.date}"]`).getByText(liveTitle),
    ).toBeVisible();
    await expect(liveSlot).toContainText(`${live.time}`);
    await expect(liveSlot).toContainText('Live');
    await expect(liveSlot.getByRole('link', { name: dj.username })).toHaveAttribute(
      'href',
      `/user/${dj.username}`,
    );
    await expect(liveSlot).toContainText('Requests <b>welcome</b>');
    await expect(liveSlot.locator('b')).toHaveCount(0);
    const themedSlot = slot(page, themedTitle);
    await expect(
      page
        .locator(`[data-testid="schedule-day"][data-day="${themed.date}"]`)
        .getByText(themedTitle),
    ).toBeVisible();
    await expect(themedSlot).toContainText('Themed');
    await expect(themedSlot).toContainText('Platforms: Commodore 64, Amiga · Tags: chiptune');
    await expect(themedSlot).toContainText('Rated 4+');
    await expect(themedSlot).toContainText('Weekly');

    // On now and Next, with the time left and the countdown.
    const onNow = page.getByTestId('on-now');
    await expect(onNow).toContainText(liveTitle);
    await expect(onNow.getByRole('link', { name: dj.username })).toBeVisible();
    await expect(onNow.getByTestId('time-left')).toHaveText(/^\d+ min left$/);
    const next = page.getByTestId('next-show');
    await expect(next).toContainText(themedTitle);
    await expect(next).toContainText('Platforms: Commodore 64, Amiga');
    await expect(next.getByTestId('countdown')).toHaveText(/^in 1 h \d{2} min$/);
    // The now-playing panel names it too, from the live update.
    await expect(page.getByTestId('now-playing-next-show')).toHaveText(
      new RegExp(`^Next show: ${themedTitle} in 1 h \\d{2} min$`),
    );

    // The next week holds the weekly show again, not the one-off.
    await page.getByRole('link', { name: 'Next week →' }).click();
    await expect(page).toHaveURL(/\/schedule\?from=\d+$/);
    await expect(slot(page, themedTitle)).toHaveCount(1);
    await expect(slot(page, liveTitle)).toHaveCount(0);
    await page.getByRole('link', { name: 'This week' }).click();
    await expect(slot(page, liveTitle)).toHaveCount(1);

    // A listener sees the same page without the staff's controls.
    const listenerPage = await listenerContext.newPage();
    await openAs(listenerPage, listener.token, '/schedule');
    await expect(slot(listenerPage, liveTitle)).toBeVisible();
    await expect(slot(listenerPage, themedTitle)).toBeVisible();
    await expect(listenerPage.getByTestId('on-now')).toContainText(liveTitle);
    await expect(listenerPage.getByTestId('next-show').getByTestId('countdown')).toHaveText(
      /^in 1 h \d{2} min$/,
    );
    await noStaffControls(listenerPage);

    // The show's title leads to its page: what it is, when it is on, its recordings.
    await listenerPage.getByTestId('on-now').getByRole('link', { name: liveTitle }).click();
    await expect(listenerPage).toHaveURL(/\/show\/\d+$/);
    await expect(listenerPage.getByRole('heading', { name: liveTitle, level: 1 })).toBeVisible();
    await expect(listenerPage).toHaveTitle(new RegExp(`^${liveTitle}`));
    await expect(listenerPage.getByTestId('show-when')).toContainText(live.time);
    await expect(listenerPage.getByTestId('show-next')).toHaveText(/^On now: \d+ min left$/);
    await expect(listenerPage.getByText('Requests <b>welcome</b>')).toBeVisible();
    await expect(listenerPage.getByRole('link', { name: dj.username })).toBeVisible();
    await expect(
      listenerPage
        .getByRole('region', { name: 'Recordings' })
        .getByText('This show has no recordings yet.'),
    ).toBeVisible();
    await noStaffControls(listenerPage);
    await listenerPage.getByRole('link', { name: '← Schedule' }).click();
    await expect(listenerPage).toHaveURL(/\/schedule$/);

    // Staff edit a show and delete another (after a confirm).
    await page
      .getByRole('button', { name: `Edit ${themedTitle}` })
      .first()
      .click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(themedTitle);
    await expect(page.getByLabel('Platforms')).toHaveValue('Commodore 64, Amiga');
    await page.getByLabel('Minutes', { exact: true }).fill('30');
    // Artwork goes with the show: a picture only, checked before sending.
    const artwork = page.getByLabel('Artwork (optional)');
    await artwork.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await page.getByRole('button', { name: 'Save show' }).click();
    await expect(
      toast(page, 'The artwork must be a PNG, JPEG, GIF or WebP picture.'),
    ).toBeVisible();
    await artwork.setInputFiles({ name: 'art.png', mimeType: 'image/png', buffer: PIXEL_PNG });
    await page.getByRole('button', { name: 'Save show' }).click();
    await expect(toast(page, `Saved "${themedTitle}".`)).toBeVisible();
    // Shown in the week and in Next, as the server's 96 px square.
    const art = slot(page, themedTitle).first().getByTestId('show-art');
    await expect(art).toHaveAttribute('src', /^\/api\/art\/[0-9a-f]{64}\.png\?size=96$/);
    await expect
      .poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(96);
    await expect(page.getByTestId('next-show').getByTestId('show-art')).toBeVisible();
    await expect(slot(page, liveTitle).getByTestId('show-art')).toHaveCount(0);
    const themedEnd = localInputs(themedStart + 30 * 60, TIME_ZONE).time;
    await expect(slot(page, themedTitle)).toContainText(themedEnd);

    await page
      .getByRole('button', { name: `Delete ${themedTitle}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete this show?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, `Deleted "${themedTitle}".`)).toBeVisible();
    await expect(slot(page, themedTitle)).toHaveCount(0);
    // The listener's page follows on its next load.
    await listenerPage.reload();
    await expect(slot(listenerPage, liveTitle)).toBeVisible();
    await expect(slot(listenerPage, themedTitle)).toHaveCount(0);
  } finally {
    await deleteShowsTitled(request, adminToken, [liveTitle, themedTitle]);
    await staffContext.close();
    await listenerContext.close();
  }
});

test('the schedule on a phone, signed out', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  try {
    await page.goto('/schedule');
    await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
    await expect(page.getByTestId('on-now')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Next week →' })).toBeVisible();
    await noStaffControls(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await context.close();
  }
});
