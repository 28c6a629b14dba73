import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';
import { apiLogin, apiSignup, openAs } from '../../support/api';
import { requestFreeTone } from '../../support/tones';

// On the second station (empty queue at start, see playwright.config.ts): a request is made,
// a moderator skips until it is on air, and only its requester's pages hear about it.

// `.first()`: for a moment around a track change an update may show the old and the new row.
const nowRow = (page: Page) =>
  page
    .getByRole('region', { name: 'Queue and history', exact: true })
    .locator('tr.now-row')
    .first();
const toasts = (page: Page) => page.getByRole('status');

test('the requester’s pages say their request is on air; other listeners’ do not', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const admin = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const [requester, listener] = [await apiSignup(request), await apiSignup(request)];

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await openAs(other, listener.token, '/');
  await openAs(page, requester.token, '/');
  for (const p of [page, other]) await expect(nowRow(p)).toBeVisible();

  const tone = await requestFreeTone(request, requester);
  await expect(page.getByText(`${requester.username} (you)`).first()).toBeVisible();
  // Cut whatever plays until the request is on air (the next track after a skip is it).
  await expect
    .poll(
      async () => {
        const onAir = (await nowRow(page).textContent()) ?? '';
        if (onAir.includes(tone.title)) return true;
        const skip = await request.post('/api/station/skip', {
          headers: { authorization: `Bearer ${admin}` },
        });
        expect(skip.status()).toBeLessThan(500);
        return false;
      },
      { timeout: 30_000, intervals: [1500] },
    )
    .toBe(true);

  const text = `Your request "Oscillator Ensemble - ${tone.title}" is on air`;
  await expect(toasts(page).filter({ hasText: text }).first()).toBeVisible();
  await expect(nowRow(other)).toContainText(tone.title);
  await expect(toasts(other).filter({ hasText: 'is on air' })).toHaveCount(0);
  await otherContext.close();
});
