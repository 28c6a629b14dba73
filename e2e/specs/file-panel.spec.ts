import { expect, test, type Page } from '@playwright/test';
import { apiSignup, openAs, songId } from '../support/api';
import { cliCreateUser } from '../support/staff';

// 'Sine Jig' is the fourteenth of the seeded tones (e2e/support/seed-catalog.ts), imported
// from '14.flac'. The spec takes its file off and puts it back, so the song ends as it began.
const SONG = 'Sine Jig';
const FILE = '14.flac';

const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).last();
const filePanel = (page: Page) => page.getByRole('region', { name: 'File', exact: true });

test('a helper unassociates a song file and associates it back', async ({ page, request }) => {
  // Many steps, and a staff account made with the command line: more than the default 30 s.
  test.slow();
  const helper = await cliCreateUser(request, 'helper');
  const id = await songId(request, SONG);
  await openAs(page, helper.token, `/song/${id}`);
  const panel = filePanel(page);
  const requestButton = page.getByRole('button', { name: 'Request this song' });
  await expect(panel.getByTestId('song-filename')).toHaveText(FILE);
  await expect(requestButton).toBeEnabled();

  await panel.getByRole('button', { name: 'Unassociate' }).click();
  await expect(toast(page, 'File has been unassociated from this song')).toBeVisible();
  await expect(panel.getByText('This song has no file.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Unassociate' })).toHaveCount(0);
  await expect(requestButton).toBeDisabled();
  await expect(
    page.getByText("This song has no audio file yet, so it can't be requested."),
  ).toBeVisible();
  const loose = (await (await request.get(`/api/song/${id}`)).json()) as {
    song: { status: string; has_file: boolean; filename: string | null };
  };
  expect(loose.song).toMatchObject({ status: 'missing_file', has_file: false, filename: null });

  // Search mode: too short a term, no match, Cancel back to idle.
  await panel.getByRole('button', { name: 'Associate a file' }).click();
  const term = panel.getByLabel('File name');
  await term.fill('14');
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(toast(page, 'Search term must be at least 3 characters')).toBeVisible();
  await term.fill('no-such-file-anywhere');
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(panel.getByText('No matching files found')).toBeVisible();
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByLabel('File name')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Associate a file' })).toBeVisible();

  // The loose file is found by name, free of any song, and goes back onto this one.
  await panel.getByRole('button', { name: 'Associate a file' }).click();
  await panel.getByLabel('File name').fill(FILE);
  await panel.getByRole('button', { name: 'Search' }).click();
  const result = panel.getByRole('listitem').filter({ hasText: FILE });
  await expect(result).toContainText('Not associated with a song');
  await result.getByRole('button', { name: `Associate ${FILE}` }).click();
  await expect(toast(page, 'File association updated successfully')).toBeVisible();
  await expect(panel.getByTestId('song-filename')).toHaveText(FILE);
  await expect(panel.getByLabel('File name')).toHaveCount(0);
  await expect(requestButton).toBeEnabled();
  const back = (await (await request.get(`/api/song/${id}`)).json()) as {
    song: { status: string; has_file: boolean };
  };
  expect(back.song).toMatchObject({ status: 'active', has_file: true });

  // A song that has a file takes no second one: the server's reason shows.
  await panel.getByRole('button', { name: 'Associate a file' }).click();
  await panel.getByLabel('File name').fill('Sine Hymn');
  await panel.getByRole('button', { name: 'Search' }).click();
  const other = panel.getByRole('listitem').filter({ hasText: 'Sine Hymn' });
  await expect(other).toContainText('On Oscillator Ensemble – Sine Hymn');
  await other.getByRole('button', { name: /^Associate / }).click();
  await expect(toast(page, 'Failed to update file association')).toBeVisible();
  await expect(panel.getByRole('alert')).toHaveText('This song already has a file.');
});

test('a listener sees no file panel', async ({ page, request }) => {
  const listener = await apiSignup(request);
  await openAs(page, listener.token, `/song/${await songId(request, SONG)}`);
  await expect(page.getByRole('heading', { name: SONG })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request this song' })).toBeEnabled();
  await expect(filePanel(page)).toHaveCount(0);
});
