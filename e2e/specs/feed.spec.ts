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

  const words = `feed words ${ann.username} <b>not bold</b>`;
  const res = await request.post(`/api/song/${id}/comment`, {
    headers: { authorization: `Bearer ${ann.token}` },
    data: { comment: words },
  });
  expect(res.status()).toBe(200);

  // It arrives at the top without a reload, as text.
  const line = feed.getByRole('listitem').first();
  await expect(line).toContainText(`${ann.username} commented on`);
  await expect(line).toContainText(words);
  await expect(line.locator('b')).toHaveCount(0);
  await line.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/song/${id}$`));
});
