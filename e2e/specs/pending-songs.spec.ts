import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignup, openAs, songId, uniqueName, type ApiUser } from '../support/api';
import { cliCreateUser } from '../support/staff';

// A song a listener adds waits for staff review out of the public catalogue: anonymous visitors
// and other listeners find it nowhere, its adder and staff do. It is added for the seeded
// 'Target Practice' on 'Commodore Amiga', counts nowhere while it waits, and is rejected at the
// end, so no other spec sees it.

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const rowsOf = (page: Page, table: string) =>
  page.getByRole('region', { name: table, exact: true }).locator('tbody tr');

async function addSong(request: APIRequestContext, listener: ApiUser, title: string) {
  const target = await songId(request, 'Vote Target Song');
  const detail = (await (await request.get(`/api/song/${target}`)).json()) as {
    song: { artists: Record<string, string> };
  };
  const artistId = Number(
    Object.entries(detail.song.artists).find(([, name]) => name === 'Target Practice')![0],
  );
  const res = await request.post('/api/song', {
    headers: { authorization: `Bearer ${listener.token}` },
    data: { artist_id: artistId, title, platform: 'Commodore Amiga' },
  });
  expect(res.status()).toBe(201);
  return { id: ((await res.json()) as { song_id: number }).song_id, artistId };
}

test('a song waiting for review is seen by its adder and staff only', async ({ page, request }) => {
  test.setTimeout(60_000);
  const [adder, other] = [await apiSignup(request), await apiSignup(request)];
  const staff = await cliCreateUser(request, 'helper');
  const title = uniqueName('Qzwaiting');
  const song = await addSong(request, adder, title);

  /** Search, the song's page and its artist's page, as the page's viewer. */
  async function look(sees: boolean) {
    await page.goto(`/search?q=${title}`);
    await expect(heading(page)).toContainText(title);
    if (sees) await expect(rowsOf(page, `Results for ${title}`)).toHaveCount(1);
    else await expect(page.getByText('No results found.')).toBeVisible();

    await page.goto(`/song/${song.id}`);
    await expect(heading(page)).toHaveText(sees ? title : 'Song not found.');

    await page.goto(`/artist/${song.artistId}`);
    const rows = rowsOf(page, 'Songs by Target Practice');
    await expect(rows.filter({ hasText: 'Vote Target Song' })).toHaveCount(1);
    await expect(rows.filter({ hasText: title })).toHaveCount(sees ? 1 : 0);
  }

  await look(false);
  await openAs(page, other.token, '/');
  await look(false);
  await openAs(page, staff.token, '/');
  await look(true);
  await openAs(page, adder.token, '/');
  await look(true);
  // Its adder sees it waiting: not requestable, in its list row or on its page.
  const row = rowsOf(page, 'Songs by Target Practice').filter({ hasText: title });
  const locked = row.getByRole('button', { name: `Locked: ${title}` });
  await expect(locked).toBeDisabled();
  await expect(locked).toHaveAttribute(
    'title',
    "This song is waiting for staff review and can't be requested yet.",
  );
  await page.goto(`/song/${song.id}`);
  await expect(page.getByRole('button', { name: 'Request this song' })).toBeDisabled();

  const rejected = await request.put(`/api/review/${song.id}/reject`, {
    headers: { authorization: `Bearer ${staff.token}` },
  });
  expect(rejected.status()).toBe(200);
});
