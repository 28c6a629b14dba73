import { expect, test, type Page, type Request } from '@playwright/test';
import { apiSignup, openAs, signToken, songId } from '../support/api';

// A page opened by its address reads its content while its scripts load (the server names the
// read in the HTML, a small script in it starts the read) and draws complete on its first
// render: no "Loading..." first.

/** Every request the page makes for `path`, as sent. */
function reads(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname + new URL(req.url()).search === path) seen.push(req);
  });
  return seen;
}

/** Records, from the page's first script on, whether "Loading..." was ever drawn in <main>. */
async function watchForLoading(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { sawLoading: boolean };
    w.sawLoading = false;
    new MutationObserver(() => {
      if (document.querySelector('main')?.textContent?.includes('Loading...')) w.sawLoading = true;
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}
const sawLoading = (page: Page) =>
  page.evaluate(() => (window as unknown as { sawLoading: boolean }).sawLoading);

test('a song page opened by its address reads the song once and draws it at once', async ({
  page,
  request,
}) => {
  const id = await songId(request, 'Vote Target Song');
  const sent = reads(page, `/api/song/${id}`);
  await watchForLoading(page);
  await page.goto(`/song/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vote Target Song');
  expect(await sawLoading(page)).toBe(false);
  expect(sent).toHaveLength(1);
  expect(await sent[0]!.headerValue('authorization')).toBeNull();
});

test("a listener's early read carries their token: their own page shows them as themselves", async ({
  page,
  request,
}) => {
  const listener = await apiSignup(request);
  await openAs(page, listener.token, '/login');
  const path = `/api/profile/${listener.username}`;
  const sent = reads(page, path);
  await page.goto(`/user/${listener.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listener.username);
  expect(sent).toHaveLength(1);
  expect(await sent[0]!.headerValue('authorization')).toBe(`Bearer ${listener.token}`);
});

test('a read sent with a token the session dropped is asked again without it', async ({
  page,
  request,
}) => {
  const listener = await apiSignup(request);
  const expired = await signToken({ id: listener.id, username: listener.username }, -60);
  // Stored before any script of the page runs (the app itself would drop it on its first load).
  await page.addInitScript((token) => localStorage.setItem('authToken', token), expired);
  const path = `/search?q=vote%20target`;
  const sent = reads(page, `/api${path}`);
  await page.goto(path);
  await expect(page.getByRole('region', { name: 'Results for vote target' })).toContainText(
    'Vote Target Song',
  );
  // The starter sent the stored token (refused: expired); the page, signed out, asked again.
  expect(sent).toHaveLength(2);
  expect(await sent[0]!.headerValue('authorization')).toBe(`Bearer ${expired}`);
  expect(await sent[1]!.headerValue('authorization')).toBeNull();
  await expect(page.getByRole('link', { name: 'Log In', exact: true })).toBeVisible();
});
