import { expect, test } from '@playwright/test';
import { apiSignup, songId } from '../support/api';

test('the feed shows the station live to an anonymous visitor', async ({ page, request }) => {
  const ann = await apiSignup(request);
  const id = await songId(request, 'Sine Serenade');
  await page.goto('/feed');
  const feed = page.getByRole('list', { name: 'Station feed' });
  // The demo library's songs are news from the first start, and so are the plays.
  await expect(feed.getByRole('listitem').first()).toBeVisible();
  await expect(feed.getByText('New in the catalogue:').first()).toBeVisible();
  // Plays name who requested them: the seeded tones are history_listener's requests.
  await expect(
    feed
      .getByRole('listitem')
      .filter({ hasText: /Played .*, requested by history_listener/ })
      .first(),
  ).toBeVisible();

  // The live connection is up once the now-playing panel shows the station's first update.
  await expect(
    page.getByRole('region', { name: 'Now Playing' }).getByTestId('now-playing-song'),
  ).toContainText('Sine');

  const words = `feed words ${ann.username} <b>not bold</b>`;
  const res = await request.post(`/api/song/${id}/comment`, {
    headers: { authorization: `Bearer ${ann.token}` },
    data: { comment: words },
  });
  expect(res.status()).toBe(200);

  // It arrives without a reload (at the top, unless the station started a song meanwhile), as
  // text.
  const line = feed.getByRole('listitem').filter({ hasText: words });
  await expect(line).toContainText(`${ann.username} commented on`);
  await expect(line).toContainText(words);
  await expect(line.locator('b')).toHaveCount(0);
  // The commenter's name leads to their page, the song's to the song.
  await expect(line.getByRole('link', { name: ann.username })).toHaveAttribute(
    'href',
    `/user/${ann.username}`,
  );
  await line.getByRole('link', { name: /Sine Serenade/ }).click();
  await expect(page).toHaveURL(new RegExp(`/song/${id}$`));
});
