import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_ON_AIR_PORT } from '../../playwright.config';
import { apiLogin, apiSignup, openAs } from '../../support/api';
import { expectNoAxeViolations } from '../../support/axe';
import { sendTitle, setDj, startSource, streamKey } from '../../support/live';
import { requestFreeTone } from '../../support/tones';

// On the second station (see playwright.config.ts), whose queue the show may interrupt: a DJ
// goes on air from ffmpeg, listeners see the show and send the DJ a dedication, the DJ's
// request line shows it as it arrives, the DJ's software drops and the station stands by, and
// an admin ends the show. The show is then in the history.

const panel = (page: Page) => page.getByRole('region', { name: 'Now Playing' });
const line = (page: Page) => page.getByRole('region', { name: 'Request line' });
const table = (page: Page) => page.getByRole('region', { name: 'Queue and history', exact: true });
const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).last();

test('a live show: now playing, the request line, stand-by and the end of the show', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const adminToken = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const [dj, listener] = [await apiSignup(request), await apiSignup(request)];
  await setDj(request, adminToken, dj.id);
  const key = await streamKey(request, dj.token);
  const show = `Night Moves ${dj.username}`;
  // The show is on the schedule, on now: its session and recording belong to its page.
  const planned = await request.post('/api/schedule', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: {
      title: show,
      kind: 'live',
      dj: dj.username,
      starts_at: Math.floor(Date.now() / 1000) - 60,
      minutes: 30,
    },
  });
  expect(planned.status()).toBe(200);
  const showId = ((await planned.json()) as { id: number }).id;

  const djContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const djPage = await djContext.newPage();
  const adminPage = await adminContext.newPage();
  const source = startSource({ port: E2E_ON_AIR_PORT, username: dj.username, key, name: show });
  try {
    await openAs(page, listener.token, '/');
    await openAs(djPage, dj.token, '/');
    await openAs(adminPage, adminToken, '/');

    // On air: LIVE, the show's name, its DJ, no title yet; requests wait for the show's end.
    const now = panel(page);
    await expect(now.getByTestId('live-show-name')).toHaveText(show, { timeout: 20_000 });
    await expect(now.getByText('LIVE', { exact: true })).toBeVisible();
    await expect(now.getByRole('link', { name: dj.username })).toHaveAttribute(
      'href',
      `/user/${dj.username}`,
    );
    await expect(now.getByTestId('live-title')).toHaveText('No title yet');
    await expect(page.getByTestId('live-note')).toHaveText(
      `${show} is on air: requests play after the live show.`,
    );
    await expect(table(page).locator('tr.now-row')).toContainText(show);

    // A signed-out visitor sees the show and is asked to log in to send a dedication.
    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto('/');
    await expect(panel(visitor).getByTestId('live-show-name')).toHaveText(show);
    await expect(panel(visitor)).toContainText('Log in to send the DJ a dedication.');
    await expect(panel(visitor).getByRole('button', { name: 'Send' })).toHaveCount(0);
    await anonymous.close();

    // The DJ's software sends a title.
    await sendTitle(request, { username: dj.username, key }, 'Sunrise Edit');
    await expect(now.getByTestId('live-title')).toHaveText('Sunrise Edit');

    // The DJ's queue page has their request line; the DJ sends no dedication to themselves.
    await expect(line(djPage)).toContainText('No requests or dedications yet.');
    await expect(panel(djPage).getByLabel(`Message to ${dj.username}`)).toHaveCount(0);
    await expect(line(page)).toHaveCount(0);

    // A listener's dedication reaches the DJ's open page at once.
    await now.getByLabel(`Message to ${dj.username}`).fill('For the night owls');
    await now.getByRole('button', { name: 'Send' }).click();
    await expect(toast(page, 'Sent to the DJ')).toBeVisible();
    await expect(now.getByLabel(`Message to ${dj.username}`)).toHaveValue('');
    const dedication = line(djPage).getByRole('listitem').filter({ hasText: 'For the night owls' });
    await expect(dedication).toContainText(`Dedication from ${listener.username}`);
    await expectNoAxeViolations(page, 'the queue page during a show');
    await expectNoAxeViolations(djPage, 'the DJ’s queue page with the request line');

    // A request made during the show reaches the line too, and waits in the queue.
    const tone = await requestFreeTone(request, listener);
    const requested = line(djPage).getByRole('listitem').filter({ hasText: tone.title });
    await expect(requested).toContainText(`Request from ${listener.username}`);
    await expect(table(page).getByRole('link', { name: tone.title }).first()).toBeVisible();

    // The DJ's software drops: the station stands by for the DJ.
    source.stop();
    await expect(now.getByText('The DJ will be right back')).toBeVisible({ timeout: 10_000 });

    // An admin ends the show, with a ban, after a confirm. Its answer is held a moment, so the
    // live update that ends the show (and takes the End show button away) arrives first, as
    // it can on a busy machine: the admin is still told.
    const adminPanel = panel(adminPage);
    await adminPage.route('**/api/live/kick', async (route) => {
      const answer = await route.fetch();
      await expect(adminPanel.getByTestId('live-show')).toHaveCount(0);
      await route.fulfill({ response: answer });
    });
    await adminPanel.getByRole('button', { name: 'End show' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'End the live show?' });
    await dialog.getByLabel(`Minutes before ${dj.username} may go live again`).fill('5');
    await dialog.getByRole('button', { name: 'End show' }).click();
    await expect(
      toast(
        adminPage,
        `The show of ${dj.username} has ended. They may go live again in 5 minutes.`,
      ),
    ).toBeVisible();

    // The queue plays on, first the request made during the show; the show is in the history
    // with its DJ and titles.
    await expect(now.getByTestId('live-show')).toHaveCount(0);
    await expect(now.getByTestId('now-playing-title')).toHaveText(tone.title, {
      timeout: 15_000,
    });
    await expect(page.getByTestId('live-note')).toHaveCount(0);
    const past = table(page).locator('tr.show-row').filter({ hasText: show });
    await expect(past).toBeVisible();
    await expect(past).not.toHaveClass(/now-row/);
    await expect(past.locator('td[data-col="by"]')).toHaveText(dj.username);
    await expect(past.getByRole('list', { name: `Played in ${show}` })).toHaveText('Sunrise Edit');

    // The show's page lists the recording once it is written, the DJ's title as a chapter.
    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/live/recordings?show=${showId}`);
          return ((await res.json()) as { recordings: unknown[] }).recordings.length;
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await page.goto(`/show/${showId}`);
    await expect(page.getByRole('heading', { name: show, level: 1 })).toBeVisible();
    await expect(page.getByTestId('show-next')).toContainText(/^On now: \d+ min left$/);
    const recording = page.getByTestId('recording');
    await expect(recording).toHaveCount(1);
    await expect(recording).toContainText('1 title');
    await expect(recording.getByRole('listitem')).toContainText('Sunrise Edit');
    const src = await recording.locator('audio').getAttribute('src');
    const audio = await request.get(src!);
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-type']).toBe('audio/mpeg');
    expect((await audio.body()).length).toBeGreaterThan(1000);
    await expect(recording.getByRole('link', { name: 'Download MP3' })).toHaveAttribute(
      'href',
      `${src}?download=1`,
    );
  } finally {
    await request.delete(`/api/schedule/${showId}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    source.stop();
    await djContext.close();
    await adminContext.close();
  }
});
