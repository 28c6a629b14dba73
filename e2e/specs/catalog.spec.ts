import { expect, test, type Page } from '@playwright/test';
import { E2E_DJ_LABEL } from '../playwright.config';
import { apiSignup, openAs, songId, uniqueName } from '../support/api';

// The catalogue is seeded by e2e/support/seed-catalog.ts before the station starts.

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** The newest toast with this text (an earlier one with the same text may still be fading). */
const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).last();
const rowsOf = (page: Page, table: string) =>
  page.getByRole('region', { name: table, exact: true }).locator('tbody tr');

test('A–Z: a letter lists its artists, an artist its songs, a song its page', async ({ page }) => {
  await page.goto('/artists');
  await expect(heading(page)).toHaveText('Artists');
  await page
    .getByRole('navigation', { name: 'Artist letters' })
    .getByRole('link', { name: 'Q', exact: true })
    .click();
  await expect(page).toHaveURL(/\/artists\/Q$/);
  await expect(heading(page)).toHaveText('Artists: Q');
  const entry = page.locator('.artist-list li').filter({ hasText: 'Quixotic Quasar' });
  await expect(entry).toContainText('FI');
  await expect(entry).toContainText('2 songs');

  await entry.getByRole('link', { name: 'Quixotic Quasar' }).click();
  await expect(heading(page)).toHaveText('Songs by Quixotic Quasar');
  const queue = page.getByRole('group', { name: 'Queue a song' }).getByRole('button');
  await expect(queue).toHaveText([
    'Least Recent Song',
    'Random Song',
    'Random 3 stars+',
    'Random 4 stars+',
  ]);
  for (const button of await queue.all()) {
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('title', 'Login required');
  }
  const rows = rowsOf(page, 'Songs by Quixotic Quasar');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Quasar Dawn');
  const table = page.getByRole('region', { name: 'Songs by Quixotic Quasar' });
  const titleHeader = table.getByRole('columnheader', { name: /Title/ });
  await titleHeader.getByRole('button').click();
  await expect(titleHeader).toHaveAttribute('aria-sort', 'ascending');
  await titleHeader.getByRole('button').click();
  await expect(titleHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).toContainText('Quasar Dusk');
  await expect(rows.first().getByRole('cell').nth(2)).toHaveText('3:05');

  // Row links navigate inside the app: a marker on window survives the click.
  await page.evaluate(() => Object.assign(window, { __stayed: true }));
  await table.getByRole('link', { name: 'Quasar Dawn' }).click();
  await expect(heading(page)).toHaveText('Quasar Dawn');
  expect(await page.evaluate(() => '__stayed' in window)).toBe(true);
  await expect(page.getByRole('link', { name: 'Quixotic Quasar' })).toHaveAttribute(
    'href',
    /^\/artist\/\d+$/,
  );
  await expect(page.getByRole('link', { name: 'Commodore Amiga' })).toHaveAttribute(
    'href',
    '/platform/Commodore%20Amiga',
  );
  await expect(
    page
      .getByRole('list', { name: 'Tags', exact: true })
      .getByRole('link', { name: 'quasar-chip' }),
  ).toHaveAttribute('href', '/tags/quasar-chip');
  await expect(page.getByText('3:05')).toBeVisible();
  await expect(page.getByTestId('average-vote')).toHaveText('No votes yet');
  await expect(page.getByRole('button', { name: 'Vote 3' })).toBeDisabled();
  await expect(page.getByRole('group', { name: /^Rating/ })).toHaveAttribute(
    'title',
    'Log in to vote',
  );
  await expect(page.getByRole('button', { name: 'Request this song' })).toBeDisabled();
  await expect(page.getByText('You must be logged in to request.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Favorite', exact: true })).toHaveCount(0);
  await expect(page.getByText('Requested 0 times')).toBeVisible();
  await page.getByRole('button', { name: 'Show request history (0)' }).click();
  await expect(page.getByText('Nobody has requested this song yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Show play history (0)' }).click();
  await expect(page.getByText('This song has not been played yet.')).toBeVisible();
});

test('song page: request and play histories, and a recently played song is locked', async ({
  page,
  request,
}) => {
  await page.goto(`/song/${await songId(request, 'Quasar Dusk')}`);
  // One request, and the list it counts; two plays, one of them the station's own pick.
  await expect(page.getByText('Requested 1 time')).toBeVisible();
  await expect(page.getByText('Played 2 times')).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Show request history (1)' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide request history' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const requests = page.getByRole('list', { name: 'Request history' }).getByRole('listitem');
  await expect(requests).toHaveCount(1);
  await expect(requests.nth(0)).toContainText('history_listener');
  await page.getByRole('button', { name: 'Show play history (2)' }).click();
  const plays = page.getByRole('list', { name: 'Play history' }).getByRole('listitem');
  await expect(plays).toHaveCount(2);
  await expect(plays.nth(0)).toContainText('history_listener');
  await expect(plays.nth(1)).toContainText(E2E_DJ_LABEL);
  await expect(plays.nth(1).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);

  const user = await apiSignup(request);
  await openAs(page, user.token, `/song/${await songId(request, 'Xenon Haze')}`);
  await expect(
    page.getByText("This song was played recently and can't be queued again just yet."),
  ).toBeVisible();
  await page.goto('/tags/xenon-ambient');
  const haze = rowsOf(page, 'Songs tagged xenon-ambient').filter({ hasText: 'Xenon Haze' });
  await expect(haze.getByRole('button', { name: 'Locked: Xenon Haze' })).toBeDisabled();
});

test('platform pages: 500 songs a page, page buttons above and below', async ({ page }) => {
  await page.goto('/platform');
  await expect(heading(page)).toHaveText('Platforms');
  const entry = page.locator('.platform-list li').filter({ hasText: 'Zeptotron Nine' });
  await expect(entry).toContainText('520 songs');
  await entry.getByRole('link', { name: 'Zeptotron Nine' }).click();
  await expect(page).toHaveURL(/\/platform\/Zeptotron%20Nine$/);
  await expect(heading(page)).toHaveText('Zeptotron Nine');

  const top = page.getByRole('navigation', { name: 'Pages', exact: true });
  const bottom = page.getByRole('navigation', { name: 'Pages (bottom)' });
  const rows = rowsOf(page, 'Songs on Zeptotron Nine');
  await expect(rows).toHaveCount(500);
  await expect(rows.first()).toContainText('Zepto Track 001');
  await expect(rows.last()).toContainText('Zepto Track 500');
  for (const nav of [top, bottom]) {
    await expect(nav.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(nav.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('button', { name: 'Page 2' })).toBeEnabled();
    await expect(nav.getByRole('button', { name: 'Next' })).toBeEnabled();
  }
  // The title cell's badge names the platform and links to it.
  await expect(rows.first().getByRole('link', { name: 'ZN9 (Zeptotron Nine)' })).toHaveAttribute(
    'href',
    '/platform/Zeptotron%20Nine',
  );

  await top.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\?offset=500$/);
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('Zepto Track 501');
  await expect(bottom.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(bottom.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await bottom.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/platform\/Zeptotron%20Nine$/);
  await expect(rows).toHaveCount(500);
  await page.goto('/platform/Zeptotron%20Nine?offset=500');
  await expect(rows.first()).toContainText('Zepto Track 501');
  await expect(top.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('tags: cloud, one tag, a second tag with +, then remove it', async ({ page }) => {
  await page.goto('/tags');
  await expect(heading(page)).toHaveText('Tags');
  const cloud = page.getByRole('list', { name: 'All tags' });
  const biggest = cloud.getByRole('link', { name: 'xenon-ambient' });
  const smallest = cloud.getByRole('link', { name: 'xenon-drums' });
  await expect(biggest).toHaveCSS('font-weight', '700');
  await expect(biggest).toHaveCSS('font-size', '22.5px'); // 1.5 rem of 15 px
  await expect(smallest).toHaveCSS('font-weight', '400');
  await expect(smallest).toHaveCSS('font-size', '11.25px'); // 0.75 rem

  await biggest.click();
  await expect(page).toHaveURL(/\/tags\/xenon-ambient$/);
  await expect(heading(page)).toHaveText('Tag: xenon-ambient');
  await expect(page.getByTestId('tag-summary')).toHaveText('4 songs tagged xenon-ambient');
  await expect(page.getByRole('list', { name: 'Active tag filter' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Queue a song' }).getByRole('button')).toHaveText([
    'Least Recent',
    'Random',
    'Random 3 stars+',
    'Random 4 stars+',
  ]);
  const rows = rowsOf(page, 'Songs tagged xenon-ambient');
  await expect(rows).toHaveCount(4);

  await page.getByRole('link', { name: 'Add xenon-night to the filter' }).click();
  await expect(page).toHaveURL(/\/tags\/xenon-ambient,xenon-night$/);
  await expect(heading(page)).toHaveText('Tags: xenon-ambient + xenon-night');
  const both = rowsOf(page, 'Songs tagged xenon-ambient + xenon-night');
  await expect(both).toHaveCount(1);
  await expect(both.first()).toContainText('Xenon Midnight');
  await expect(page.getByTestId('tag-summary')).toHaveText(
    '1 song tagged xenon-ambient + xenon-night',
  );
  const chips = page.getByRole('list', { name: 'Active tag filter' }).getByRole('listitem');
  await expect(chips).toHaveText(['xenon-ambient×', 'xenon-night×']);

  await page.getByRole('button', { name: 'Remove xenon-night from the filter' }).click();
  await expect(page).toHaveURL(/\/tags\/xenon-ambient$/);
  await expect(rows).toHaveCount(4);
  await page.getByRole('link', { name: '← All tags' }).click();
  await expect(heading(page)).toHaveText('Tags');

  await page.goto('/tags/xenon-night,no-such-tag');
  await expect(page.getByText('No songs found with these tags')).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Queue a song' }).getByRole('button').first(),
  ).toBeDisabled();
});

test('search: heading with the query, Searching..., results, nothing found', async ({ page }) => {
  await page.goto('/');
  // A second: longer than React's 300 ms pause before it reveals a page that was loading, so
  // the page is on screen while its search is still out.
  await page.route('**/api/search?*', async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  const box = page.getByRole('searchbox', { name: 'Search songs' });
  await box.fill('quasar');
  await box.press('Enter');
  await expect(heading(page)).toHaveText('Search: “quasar”');
  await expect(page.getByText('Searching...')).toBeVisible();
  const rows = rowsOf(page, 'Results for quasar');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Quasar Dusk' })).toBeVisible();

  await box.fill('zzzz-nothing-like-this');
  await box.press('Enter');
  await expect(page.getByText('No results found.')).toBeVisible();
});

test('vote, change the vote, remove it', async ({ page, request }) => {
  const user = await apiSignup(request);
  const id = await songId(request, 'Vote Target Song');
  await openAs(page, user.token, `/song/${id}`);
  await expect(heading(page)).toHaveText('Vote Target Song');
  const rating = page.getByRole('group', { name: /^Rating/ });
  const average = page.getByTestId('average-vote');

  await rating.getByRole('button', { name: 'Vote 4' }).click();
  await expect(toast(page, 'Voted 4')).toBeVisible();
  await expect(rating.getByRole('button', { name: 'Vote 4' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(average).toHaveText('4 / 5 (1 vote)');

  await rating.getByRole('button', { name: 'Vote 2' }).click();
  await expect(toast(page, 'Voted 2')).toBeVisible();
  await expect(average).toHaveText('2 / 5 (1 vote)');
  expect(await page.evaluate(() => localStorage.getItem('votes'))).toBe(
    JSON.stringify({ [id]: 2 }),
  );

  // Clicking the own score again removes the vote.
  await rating.getByRole('button', { name: 'Vote 2' }).click();
  await expect(toast(page, 'Vote removed')).toBeVisible();
  await expect(average).toHaveText('No votes yet');
  await expect(rating.getByRole('button', { pressed: true })).toHaveCount(0);

  // The votes list shows the voter and offers Remove on the own vote.
  await rating.getByRole('button', { name: 'Vote 5' }).click();
  await expect(toast(page, 'Voted 5')).toBeVisible();
  await page.getByRole('button', { name: 'Show votes (1)' }).click();
  const vote = page.getByRole('list', { name: 'Votes' }).getByRole('listitem');
  await expect(vote).toHaveText(`${user.username}5Remove`);
  await vote.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Vote removed')).toBeVisible();
  await expect(page.getByText('No votes yet.')).toBeVisible();

  await page.route(`**/api/song/${id}/vote`, (route) => route.fulfill({ status: 500 }));
  await rating.getByRole('button', { name: 'Vote 1' }).click();
  await expect(toast(page, 'Failed to update vote')).toBeVisible();
  await expect(rating.getByRole('button', { pressed: true })).toHaveCount(0);
});

test('favourite on and off, seen on the profile', async ({ page, request }) => {
  const user = await apiSignup(request);
  const id = await songId(request, 'Favorite Target Song');
  await openAs(page, user.token, `/song/${id}`);
  await expect(heading(page)).toHaveText('Favorite Target Song');
  const heart = page.getByRole('button', { name: 'Favorite', exact: true });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('favorites'))).toContain(
    'Favorite Target Song',
  );

  // A failed removal leaves the heart as it was: state follows the server's answer.
  await page.route('**/api/user/favorites/*', (route) => route.fulfill({ status: 500 }));
  await heart.click();
  await page.waitForTimeout(300);
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await page.unroute('**/api/user/favorites/*');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: user.username })
    .click();
  await expect(page).toHaveURL(/\/profile$/);
  const favorites = page.getByRole('list', { name: 'Favorite songs' });
  await expect(favorites.getByRole('link', { name: 'Favorite Target Song' })).toBeVisible();
  const queue = page
    .getByRole('region', { name: 'Favorite songs' })
    .getByRole('group', { name: 'Queue a song' })
    .getByRole('button');
  await expect(queue).toHaveText([
    'Least Recent',
    'Random',
    'Favorite 3 stars+',
    'Favorite 4 stars+',
  ]);
  for (const button of await queue.all()) await expect(button).toBeEnabled();

  await favorites.getByRole('button', { name: 'Favorite: Favorite Target Song' }).click();
  await expect(favorites).toHaveCount(0);
  await expect(page.getByText('No favorite songs yet.', { exact: false })).toBeVisible();
  for (const button of await queue.all()) {
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('title', 'You have no favorite songs to queue');
  }
  await page.goto(`/song/${id}`);
  await expect(page.getByRole('button', { name: 'Favorite', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});

test('a comment shows on the song page and in the recent comments', async ({ page, request }) => {
  const id = await songId(request, 'Comment Target Song');
  await page.goto(`/song/${id}`);
  await expect(page.getByText('to comment.')).toBeVisible();

  const user = await apiSignup(request);
  await openAs(page, user.token, `/song/${id}`);
  const box = page.getByLabel('Add a comment');
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/api/song/${id}/comment`)) posts++;
  });
  await box.fill('   \n  ');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForTimeout(200);
  expect(posts).toBe(0);

  const marker = uniqueName('note');
  await box.fill(`First line ${marker}\nSecond line`);
  await page.getByRole('button', { name: 'Submit' }).click();
  const comment = page
    .getByRole('list', { name: 'Comments' })
    .getByRole('listitem')
    .filter({ hasText: marker });
  await expect(comment).toContainText(user.username);
  expect(await comment.locator('.comment-text').innerText()).toBe(
    `First line ${marker}\nSecond line`,
  );
  await expect(box).toHaveValue('');

  await page.route(`**/api/song/${id}/comment`, (route) => route.fulfill({ status: 500 }));
  await box.fill('this one fails');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toast(page, 'Failed to post comment.')).toBeVisible();

  await page.goto('/');
  const recent = page
    .getByRole('region', { name: 'Recent comments' })
    .getByRole('listitem')
    .filter({ hasText: marker });
  await expect(recent).toContainText(`by ${user.username}`);
  expect(await recent.locator('.comment-text').innerText()).toBe(
    `First line ${marker}\nSecond line`,
  );
  await recent.getByRole('link', { name: 'Target Practice – Comment Target Song' }).click();
  await expect(heading(page)).toHaveText('Comment Target Song');
});

test('phone width: catalogue pages fit 390 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const user = await apiSignup(request);
  const id = await songId(request, 'Vote Target Song');
  await request.post('/api/user/favorites', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { song_id: id },
  });
  for (const path of [
    `/song/${id}`,
    '/platform/Zeptotron%20Nine',
    '/tags/xenon-ambient',
    '/tags',
    '/artists/Q',
    '/profile',
    '/',
  ]) {
    await openAs(page, user.token, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
