import { expect, test, type Page } from '@playwright/test';
import { apiSignup, openAs, songId } from '../support/api';
import { cliCreateUser } from '../support/staff';

const tweaksPanel = (page: Page) => page.getByRole('region', { name: 'Helper tweaks' });

test('a helper saves tweaks on the song page; a listener sees no panel', async ({
  page,
  request,
}) => {
  const helper = await cliCreateUser(request, 'helper');
  const id = await songId(request, 'Comment Target Song');
  await openAs(page, helper.token, `/song/${id}`);
  const panel = tweaksPanel(page);
  await panel.getByLabel('Skip (s)').fill('2');
  await panel.getByLabel('Length (s)').fill('20');
  await panel.getByLabel('Fade-out (s)').fill('3');
  await panel.getByRole('button', { name: 'Save tweaks' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved!');
  const saved = await request.get(`/api/song/${id}`);
  expect((await saved.json()) as { song: object }).toMatchObject({
    song: { h_skip: 2, h_length: 20, h_fadeout: 3 },
  });

  // Past the song's end: the server refuses, the page says so.
  await panel.getByLabel('Length (s)').fill('500');
  await panel.getByRole('button', { name: 'Save tweaks' }).click();
  await expect(page.getByText('Error saving tweaks')).toBeVisible();
  await expect(panel.getByRole('alert')).toContainText('at most the song');

  // Put it back as the station's other specs expect it.
  const reset = await request.post(`/api/song/${id}/tweak`, {
    headers: { authorization: `Bearer ${helper.token}` },
    data: { h_skip: 0, h_length: 0, h_fadeout: 0 },
  });
  expect(reset.status()).toBe(200);

  const listener = await apiSignup(request);
  await openAs(page, listener.token, `/song/${id}`);
  await expect(page.getByRole('heading', { name: /Comment Target Song/ })).toBeVisible();
  await expect(tweaksPanel(page)).toHaveCount(0);
});
