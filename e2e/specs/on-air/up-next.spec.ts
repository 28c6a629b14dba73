import { expect, test, type Page } from '@playwright/test';
import { E2E_DJ_LABEL } from '../../playwright.config';
import { apiSignup } from '../../support/api';
import { apiRequestSong, freeTones } from '../../support/tones';

// On the second station, whose queue starts empty and is empty again once earlier specs'
// requests have played: the auto-DJ's next track shows as "Up next" above the song on air,
// until a request takes its place.

const table = (page: Page) => page.getByRole('region', { name: 'Queue and history', exact: true });
const rows = (page: Page) => table(page).locator('tbody tr');
const upNextRow = (page: Page) => rows(page).filter({ has: page.locator('.up-next') });

test('the queue shows the auto-DJ’s next track as Up next; a request replaces it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await expect(upNextRow(page)).toHaveCount(1, { timeout: 30_000 });
  const pick = upNextRow(page);
  await expect(pick.locator('td[data-col="time"]')).toContainText('Up next');
  await expect(pick.locator('td[data-col="by"]')).toHaveText(E2E_DJ_LABEL);
  // It is the row just above the song on air, with no place number of a request.
  const index = await rows(page).evaluateAll((trs) =>
    trs.findIndex((tr) => tr.querySelector('.up-next') !== null),
  );
  await expect(rows(page).nth(index + 1)).toHaveClass(/now-row/);
  await expect(pick.locator('.queue-pos')).toHaveCount(0);
  await expect(pick.getByRole('button', { name: /^(Request|Locked|Queued):/ })).toHaveCount(0);

  // A listener asks for another song: it is next now, and the Up next row is gone.
  const picked = (await pick.locator('td[data-col="title"] a').first().textContent()) ?? '';
  const tone = (await freeTones(request, 3)).find((t) => t.title !== picked)!;
  const listener = await apiSignup(request);
  await apiRequestSong(request, listener, tone);
  const requested = rows(page).filter({ hasText: tone.title }).first();
  await expect(requested.locator('td[data-col="by"]')).toHaveText(listener.username);
  await expect(upNextRow(page)).toHaveCount(0);
});
