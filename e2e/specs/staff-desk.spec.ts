import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { locateFfmpeg } from '../../apps/server/src/media/ffmpeg-locate.js';
import { apiSignup, openAs, uniqueName } from '../support/api';
import { cliCreateUser } from '../support/staff';

// Songs are added for the seeded 'Target Practice' on 'Commodore Amiga' with fresh titles, so
// no other spec's counts change. A song that becomes playable here is requested, and waits in
// the queue behind the seeded long tones: the station never plays it during the suite.

const ARTIST = 'Target Practice';
const PLATFORM = 'Commodore Amiga';

const run = promisify(execFile);
// Each flow signs people in, adds songs and sends real audio through ffmpeg's analysis.
test.describe.configure({ timeout: 90_000 });
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text }).last();
const artistBox = (page: Page) => page.getByRole('combobox', { name: 'Artist' });
const platformBox = (page: Page) => page.getByRole('combobox', { name: 'Platform' });
const formAlert = (page: Page) => page.locator('form').getByRole('alert');
const menuLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/**
 * A real MP3 of a few seconds, made with the station's own ffmpeg. A fresh title tag makes
 * each file unique: the station refuses a file it already stores.
 */
async function makeMp3(seconds: number, freq: number): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-e2e-upload-'));
  const file = path.join(dir, `tone-${seconds}s.mp3`);
  const { ffmpeg } = locateFfmpeg(process.env.FFMPEG_PATH);
  const tone = `sine=frequency=${freq}:sample_rate=44100:duration=${seconds}`;
  const tag = `title=${uniqueName('tone')}`;
  await run(ffmpeg, ['-hide_banner', '-y', '-f', 'lavfi', '-i', tone, '-metadata', tag, file]);
  return file;
}

/** Slows this page's uploads, so the progress bar has time to show. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** Records every text the upload's progress line shows, however briefly. */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="upload-progress"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
}

/** Fills the add-song form: the artist picked with the mouse or the keyboard, likewise the platform. */
async function fillSong(
  page: Page,
  title: string,
  how: { artist: 'mouse' | 'keyboard'; platform: 'mouse' | 'keyboard' },
) {
  await artistBox(page).pressSequentially('Target P');
  if (how.artist === 'mouse') {
    await page.getByRole('option', { name: ARTIST }).click();
  } else {
    await expect(page.getByRole('option', { name: ARTIST })).toBeVisible();
    await artistBox(page).press('ArrowDown');
    await expect(artistBox(page)).toHaveAttribute('aria-activedescendant', /.+/);
    await artistBox(page).press('Enter');
  }
  await expect(artistBox(page)).toHaveValue(ARTIST);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await platformBox(page).fill('commodore a');
  if (how.platform === 'mouse') {
    await page.getByRole('option', { name: PLATFORM }).click();
  } else {
    await platformBox(page).press('ArrowDown');
    await platformBox(page).press('Enter');
  }
  await expect(platformBox(page)).toHaveValue(PLATFORM);
}

/** Submits the add-song form and waits for the upload page it leads to; the new song's id. */
async function submitSong(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('form').getByRole('status')).toContainText('Song added');
  await page.waitForURL(/\/uploadsong\/\d+$/);
  return Number(/(\d+)$/.exec(page.url())![1]);
}

async function uploadFile(page: Page, file: string) {
  await page.getByLabel('Audio file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload File' }).click();
}

async function requestOnSongPage(page: Page, id: number) {
  await page.goto(`/song/${id}`);
  await page.getByRole('button', { name: 'Request this song' }).click();
}

test('a helper adds a song, uploads its file with progress, and the song can be requested', async ({
  page,
  request,
}) => {
  const helper = await cliCreateUser(request, 'helper');
  const mp3 = await makeMp3(5, 611);
  const title = uniqueName('Desk Tune');
  await openAs(page, helper.token, '/');
  await menuLink(page, 'Add Song').click();
  await expect(page.getByRole('heading', { name: 'Add Song' })).toBeVisible();
  await fillSong(page, title, { artist: 'mouse', platform: 'keyboard' });
  await submitSong(page);

  await expect(page.getByRole('heading', { name: 'Upload File' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByTestId('song-status')).toHaveText('Missing file');
  await expect(page.locator('.song-summary')).toContainText(PLATFORM);
  await expect(page.locator('.song-summary')).toContainText(ARTIST);

  await throttleUploads(page, 32 * 1024);
  const seen = await recordProgress(page);
  await uploadFile(page, mp3);
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  const done = page.locator('form').getByRole('status');
  await expect(done).toContainText('Upload complete', { timeout: 15_000 });
  await expect(page.getByTestId('song-status')).toHaveText('Active');
  const texts = await seen();
  // Percentages going up while the bytes are sent, then the wait for the server's analysis.
  const percents = texts
    .map((t) => /^(\d+)%$/.exec(t)?.[1])
    .filter(Boolean)
    .map(Number);
  expect(percents.length).toBeGreaterThan(1);
  expect(percents).toEqual([...percents].sort((a, b) => a - b));
  expect(texts.at(-1)).toBe('Analysing…');

  await done.getByRole('link', { name: 'Go to the song' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Request this song' }).click();
  await expect(toast(page, 'Song successfully queued!')).toBeVisible();
  await menuLink(page, 'Queue').click();
  const queue = page.getByRole('region', { name: 'Queue and history', exact: true });
  await expect(queue.locator('tbody tr').filter({ hasText: title })).toContainText(helper.username);
});

test('a listener’s song and file wait for review; a helper approves, then rejects another', async ({
  page,
  request,
}) => {
  const listener = await apiSignup(request);
  const helper = await cliCreateUser(request, 'helper');
  const mp3 = await makeMp3(3, 617);
  const title = uniqueName('Listener Tune');
  await openAs(page, listener.token, '/addsong');
  await expect(page.getByText('Staff review it before it goes on air.')).toBeVisible();
  await fillSong(page, title, { artist: 'keyboard', platform: 'mouse' });
  const id = await submitSong(page);
  await expect(page.getByTestId('song-status')).toHaveText('Waiting for review');

  await uploadFile(page, mp3);
  const done = page.locator('form').getByRole('status');
  await expect(done).toHaveText(/Uploaded: the file waits for staff review\./, {
    timeout: 15_000,
  });
  await expect(page.getByTestId('song-status')).toHaveText('Waiting for review');
  await page.goto(`/song/${id}`);
  await expect(page.getByRole('button', { name: 'Request this song' })).toBeDisabled();
  await expect(
    page.getByText("This song is waiting for staff review and can't be requested yet."),
  ).toBeVisible();

  // A second song, without a file: the helper rejects it and it is gone.
  const doomed = uniqueName('Doomed Tune');
  await page.goto('/addsong');
  await fillSong(page, doomed, { artist: 'mouse', platform: 'mouse' });
  const doomedId = await submitSong(page);

  // The helper reviews on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, helper.token, '/review');
  await expect(page.getByRole('heading', { name: 'Review' })).toBeVisible();
  const entry = page.getByRole('listitem', { name: title });
  await expect(entry).toContainText(ARTIST);
  await expect(entry).toContainText(PLATFORM);
  await expect(entry).toContainText(listener.username);
  await expect(entry).toContainText('New song and file');
  await expect(entry).toContainText('tone-3s.mp3');
  await expect(entry).toContainText('(0:03)');
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits).toBe(true);
  await entry.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, `Approved: ${title} is on the air rotation now.`)).toBeVisible();
  await expect(entry).toHaveCount(0);

  const doomedEntry = page.getByRole('listitem', { name: doomed });
  await expect(doomedEntry).toContainText('New song, no file yet');
  // 'Confirm reject' turns back into 'Reject' after 5 s: on a slow machine, ask again.
  await expect(async () => {
    const reject = doomedEntry.getByRole('button', { name: 'Reject', exact: true });
    if (await reject.isVisible()) await reject.click();
    await doomedEntry.getByRole('button', { name: 'Confirm reject' }).click({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(toast(page, `Rejected: ${doomed} was removed.`)).toBeVisible();
  await expect(doomedEntry).toHaveCount(0);
  expect((await request.get(`/api/song/${doomedId}`)).status()).toBe(404);

  // Approved: the listener's song is on air rotation and can be requested.
  await page.setViewportSize({ width: 1280, height: 800 });
  await openAs(page, listener.token, `/uploadsong/${id}`);
  await expect(page.getByTestId('song-status')).toHaveText('Active');
  await requestOnSongPage(page, id);
  await expect(toast(page, 'Song successfully queued!')).toBeVisible();
});

test('add-song and upload forms say what is wrong before sending', async ({ page, request }) => {
  await page.goto('/addsong');
  await expect(page.getByText('You must be logged in to add a song.')).toBeVisible();
  await page.goto('/uploadsong/1');
  await expect(page.getByText('You must be logged in to upload a file.')).toBeVisible();

  const helper = await cliCreateUser(request, 'helper');
  await openAs(page, helper.token, '/addsong');
  const submit = page.getByRole('button', { name: 'Submit' });
  await submit.click();
  await expect(formAlert(page)).toHaveText('Please fill all fields.');
  await expect(toast(page, 'Please fill all fields.')).toBeVisible();

  // Typed but never picked.
  await artistBox(page).fill(ARTIST);
  await expect(page.getByRole('option', { name: ARTIST })).toBeVisible();
  await artistBox(page).press('Escape');
  await expect(page.getByRole('option', { name: ARTIST })).toBeHidden();
  await page.getByLabel('Title', { exact: true }).fill(uniqueName('Checked Tune'));
  await platformBox(page).fill(PLATFORM);
  await submit.click();
  await expect(formAlert(page)).toHaveText('Please select a valid artist from the list.');

  // Picked, then changed.
  await artistBox(page).fill('Target P');
  await page.getByRole('option', { name: ARTIST }).click();
  await artistBox(page).press('End');
  await artistBox(page).pressSequentially('s');
  await submit.click();
  await expect(formAlert(page)).toHaveText('Please select a valid artist from the list.');
  // Back to the picked name: the pick holds again.
  await artistBox(page).fill(ARTIST);

  await platformBox(page).fill('Commodore Amigo');
  await expect(page.getByText('No platform by that name.')).toBeVisible();
  await submit.click();
  await expect(formAlert(page)).toHaveText('Please select a valid platform from the list.');

  // A title the artist already has on that platform: the server says so and links to it.
  const emptyTitle = uniqueName('Empty Tune');
  const song = await request.post('/api/song', {
    headers: { authorization: `Bearer ${helper.token}` },
    data: { artist_id: await artistId(request), title: emptyTitle, platform: PLATFORM },
  });
  const { song_id } = (await song.json()) as { song_id: number };
  await platformBox(page).fill(PLATFORM);
  await page.getByLabel('Title', { exact: true }).fill(emptyTitle);
  await submit.click();
  await expect(formAlert(page)).toHaveText('This song already exists.');
  await page.getByRole('link', { name: 'Upload its file' }).click();
  await expect(page).toHaveURL(new RegExp(`/uploadsong/${song_id}$`));

  // The upload form wants a file, and takes audio only.
  await expect(page.getByLabel('Audio file')).toHaveAttribute(
    'accept',
    'audio/*,.mod,.xm,.s3m,.it',
  );
  await page.getByRole('button', { name: 'Upload File' }).click();
  await expect(formAlert(page)).toHaveText('Please select a file to upload.');
  // Choosing a file clears the message; a file that is not audio gets the server's reason.
  const notAudio = { name: 'notes.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('la la la') };
  await page.getByLabel('Audio file').setInputFiles(notAudio);
  await expect(formAlert(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload File' }).click();
  const notAudioText =
    'The file is not in an audio format the station plays (MP3, Ogg, FLAC, WAV, M4A, AAC or a tracker module).';
  await expect(formAlert(page)).toHaveText(notAudioText);
  await expect(toast(page, notAudioText)).toBeVisible();
  await expect(page.getByTestId('song-status')).toHaveText('Missing file');

  await page.goto('/uploadsong/999999');
  await expect(page.getByText('Failed to fetch song metadata').first()).toBeVisible();
});

test('the review page is for staff only', async ({ page, request }) => {
  const listener = await apiSignup(request);
  await openAs(page, listener.token, '/review');
  await expect(toast(page, 'You do not have permission to access this page')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(menuLink(page, 'Review')).toHaveCount(0);
});

async function artistId(request: Parameters<typeof apiSignup>[0]): Promise<number> {
  const res = await request.get(`/api/search/artists?q=${encodeURIComponent(ARTIST)}`);
  const { artists } = (await res.json()) as { artists: { id: number; name: string }[] };
  const hit = artists.find((a) => a.name === ARTIST);
  if (!hit) throw new Error(`artist not found: ${ARTIST}`);
  return hit.id;
}
