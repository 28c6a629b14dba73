import { expect, test, type Page } from '@playwright/test';
import { E2E_REQUEST_COOLDOWN_S } from '../playwright.config';
import { apiSignup, openAs } from '../support/api';
import { apiRequestSong, freeTones, toneArtistId } from '../support/tones';

// Requests need songs with audio: the short 'Sine …' tones by Oscillator Ensemble that
// e2e/support/seed-catalog.ts imports. Its long tones wait in the queue while these specs run,
// so the station's auto-DJ does not lock the short ones first. Each test takes tones nobody has
// queued yet (their `recently_played` is false) and a new listener, so that one test's queue
// limit and cooldown never meet another's.

const ARTIST = 'Oscillator Ensemble';
const TABLE = `Songs by ${ARTIST}`;

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).last();
const rowsOf = (page: Page, table: string) =>
  page.getByRole('region', { name: table, exact: true }).locator('tbody tr');
const requestButton = (page: Page, title: string, state: string) =>
  rowsOf(page, TABLE)
    .filter({ hasText: title })
    .getByRole('button', { name: `${state}: ${title}`, exact: true });
const queueButton = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Queue a song' }).getByRole('button', { name, exact: true });
const queueRow = (page: Page, title: string) =>
  rowsOf(page, 'Queue and history').filter({ hasText: title });
/** Waits out the server's cooldown between one listener's requests. */
const coolDown = (page: Page) => page.waitForTimeout(E2E_REQUEST_COOLDOWN_S * 1000);

test('a request is confirmed, and shows at once in another listener’s queue', async ({
  page,
  browser,
  request,
}) => {
  const [requester, listener] = [await apiSignup(request), await apiSignup(request)];
  const [tone] = await freeTones(request, 1);
  const artistId = await toneArtistId(request);

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await openAs(other, listener.token, '/');
  await expect(rowsOf(other, 'Queue and history').first()).toBeVisible();
  await expect(queueRow(other, tone!.title)).toHaveCount(0);
  await other.evaluate(() => Object.assign(window, { __stayed: true }));

  await openAs(page, requester.token, `/artist/${artistId}`);
  await requestButton(page, tone!.title, 'Request').click();
  await expect(toast(page, 'Song successfully queued!')).toBeVisible();
  await expect(requestButton(page, tone!.title, 'Queued')).toBeDisabled();

  // The other page hears of it through the live update, not by loading again.
  const entry = queueRow(other, tone!.title);
  await expect(entry).toContainText(requester.username);
  await expect(entry).toContainText(/Next up!|in \d+ mins?/);
  expect(await other.evaluate(() => '__stayed' in window)).toBe(true);

  // For everyone else the waiting song is locked.
  await other.goto(`/artist/${artistId}`);
  await expect(requestButton(other, tone!.title, 'Locked')).toBeDisabled();
  await otherContext.close();
});

test('too fast: the wait in seconds; with two songs waiting, a third is refused', async ({
  page,
  request,
}) => {
  const user = await apiSignup(request);
  const [first, second, third] = await freeTones(request, 3);
  await openAs(page, user.token, `/artist/${await toneArtistId(request)}`);
  await expect(requestButton(page, second!.title, 'Request')).toBeEnabled();

  await apiRequestSong(request, user, first!);
  await requestButton(page, second!.title, 'Request').click();
  await expect(toast(page, /^You're queuing too fast\. Wait [12] seconds?\.$/)).toBeVisible();
  await expect(requestButton(page, second!.title, 'Request')).toBeEnabled();

  await coolDown(page);
  await requestButton(page, second!.title, 'Request').click();
  await expect(requestButton(page, second!.title, 'Queued')).toBeDisabled();

  await coolDown(page);
  await requestButton(page, third!.title, 'Request').click();
  await expect(toast(page, 'You already have 2 songs in the queue.')).toBeVisible();
  await expect(requestButton(page, third!.title, 'Request')).toBeEnabled();
});

test('Locked for songs played recently, waiting or on air; a stale button hears why', async ({
  page,
  request,
}) => {
  const [tone] = await freeTones(request, 1);
  const artistId = await toneArtistId(request);

  // Logged out, a click asks for a login and sends nothing.
  await page.goto(`/artist/${artistId}`);
  let posted = 0;
  page.on('request', (r) => void (r.method() === 'POST' && posted++));
  await requestButton(page, tone!.title, 'Request').click();
  await expect(toast(page, 'You must be logged in to request.')).toBeVisible();
  expect(posted).toBe(0);

  const user = await apiSignup(request);
  await openAs(page, user.token, '/tags/xenon-ambient');
  const haze = rowsOf(page, 'Songs tagged xenon-ambient').filter({ hasText: 'Xenon Haze' });
  await expect(haze.getByRole('button', { name: 'Locked: Xenon Haze' })).toBeDisabled();

  // The seeded long tones are waiting, on air or played: all locked.
  await page.goto(`/artist/${artistId}`);
  for (const title of ['Sine Serenade', 'Sine Nocturne', 'Sine Reverie']) {
    await expect(requestButton(page, title, 'Locked')).toBeDisabled();
  }

  // Someone else queues the song after this page loaded: the server's reason, then Locked.
  await apiRequestSong(request, await apiSignup(request), tone!);
  await requestButton(page, tone!.title, 'Request').click();
  await expect(toast(page, 'This song is already in the queue.')).toBeVisible();
  await expect(requestButton(page, tone!.title, 'Locked')).toBeDisabled();
});

test('queue buttons queue a matching song, or show why not', async ({ page, request }) => {
  const user = await apiSignup(request);
  await openAs(page, user.token, '/tags/xenon-ambient');
  // Those songs have no audio, so none can be queued.
  await queueButton(page, 'Random').click();
  await expect(toast(page, 'No songs available with these tags')).toBeVisible();

  await page.goto(`/artist/${await toneArtistId(request)}`);
  await queueButton(page, 'Random Song').click();
  const queued = toast(page, new RegExp(`^Queued ${ARTIST} – Sine [A-Z][a-z]+$`));
  await expect(queued).toBeVisible();
  const title = (await queued.innerText()).split(' – ')[1]!;
  await expect(requestButton(page, title, 'Locked')).toBeDisabled();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Queue', exact: true })
    .click();
  await expect(queueRow(page, title)).toContainText(user.username);
});

test('profile: Request in the favourites list, then Random among favourites', async ({
  page,
  request,
}) => {
  const user = await apiSignup(request);
  const [requested, picked] = await freeTones(request, 2);
  for (const tone of [requested!, picked!]) {
    const res = await request.post('/api/user/favorites', {
      headers: { authorization: `Bearer ${user.token}` },
      data: { song_id: tone.id },
    });
    expect(res.ok()).toBe(true);
  }
  await openAs(page, user.token, '/profile');
  const favorites = page.getByRole('list', { name: 'Favorite songs' });
  await favorites.getByRole('button', { name: `Request: ${requested!.title}` }).click();
  await expect(toast(page, '✅ Song successfully queued!')).toBeVisible();
  await expect(
    favorites.getByRole('button', { name: `Queued: ${requested!.title}` }),
  ).toBeDisabled();

  await coolDown(page);
  await page
    .getByRole('region', { name: 'Favorite songs' })
    .getByRole('button', { name: 'Random', exact: true })
    .click();
  await expect(toast(page, `Queued ${ARTIST} – ${picked!.title}`)).toBeVisible();
});

test('song page: Preview plays a clip; Request this song, then it cannot be queued again', async ({
  page,
  request,
}) => {
  const user = await apiSignup(request);
  const [tone] = await freeTones(request, 1);
  await openAs(page, user.token, `/song/${tone!.id}`);
  const preview = page.getByRole('button', { name: 'Preview', exact: true });

  // Over the preview limit the server says how long to wait.
  await page.route('**/api/song/*/preview', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({
        error: "You're previewing too fast. Wait 42 seconds.",
        retry_after: 42,
      }),
    }),
  );
  await preview.click();
  await expect(toast(page, "You're previewing too fast. Wait 42 seconds.")).toBeVisible();
  await expect(preview).toBeEnabled();
  await page.unroute('**/api/song/*/preview');

  await preview.click();
  const audio = page.getByLabel(`Preview of ${tone!.title}`);
  await expect(audio).toHaveAttribute('src', /^blob:/);
  await expect(preview).toBeDisabled();
  await expect
    .poll(() => audio.evaluate((el: HTMLAudioElement) => el.currentTime))
    .toBeGreaterThan(0);

  const requestThis = page.getByRole('button', { name: 'Request this song' });
  await requestThis.click();
  await expect(toast(page, 'Song successfully queued!')).toBeVisible();
  await expect(requestThis).toBeDisabled();
  await expect(page.getByText("This song can't be queued again just yet.")).toBeVisible();
});
