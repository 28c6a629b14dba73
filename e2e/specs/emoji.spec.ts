import { expect, test } from '@playwright/test';
import { apiSignup, openAs } from '../support/api';

// Debian's Chromium has no colour emoji font: the emoji must come from the station's own set.

test('the picker’s emoji are pictures with a size, loaded with the picker', async ({
  page,
  request,
}) => {
  const user = await apiSignup(request);
  const emojiRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/assets/twemoji-')) emojiRequests.push(r.url());
  });
  await openAs(page, user.token, '/');
  const toggle = page.getByRole('button', { name: 'Open emoji picker' });
  await expect(toggle.locator('img')).toHaveJSProperty('complete', true);
  // The button's own picture, but none of the picker's before it opens.
  const fetched = (name: string) => emojiRequests.some((url) => url.endsWith(`/${name}.svg`));
  expect(fetched('1f642')).toBe(true);
  expect(fetched('1f600') || fetched('1f4af')).toBe(false);

  await toggle.click();
  const picker = page.getByRole('group', { name: 'Emoji picker' });
  const grin = picker.getByRole('button', { name: '😀' });
  await expect(grin.locator('img')).toHaveJSProperty('complete', true);
  const pictures = picker.locator('img');
  await expect(pictures).toHaveCount(50);
  for (const img of await pictures.all()) {
    await expect(img).toHaveJSProperty('complete', true);
    const size = await img.evaluate((el: HTMLImageElement) => {
      const box = el.getBoundingClientRect();
      return { natural: el.naturalWidth, width: box.width, height: box.height };
    });
    expect(size.natural).toBeGreaterThan(0);
    expect(size.width).toBeGreaterThan(0);
    expect(size.height).toBeGreaterThan(0);
  }
  expect(fetched('1f600') && fetched('1f4af')).toBe(true);

  // A line with an emoji shows it from the set too, as a picture named by the emoji.
  await grin.click();
  const input = page.getByRole('textbox', { name: 'Chat message' });
  await input.press('End');
  await input.pressSequentially(' <b>not bold</b>');
  await input.press('Enter');
  const line = page
    .getByRole('list', { name: 'Chat messages' })
    .getByRole('listitem')
    .filter({ hasText: '<b>not bold</b>' });
  const shown = line.getByRole('img', { name: '😀' });
  await expect(shown).toHaveJSProperty('complete', true);
  expect(await shown.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  await expect(line.locator('b')).toHaveCount(0);
});
