import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';
import { apiLogin, apiSignup, openAs, uniqueName, type ApiUser } from '../support/api';
import { cliCreateUser } from '../support/staff';

/** A phone's width: the moderation controls must stay usable there. */
const PHONE = { width: 390, height: 844 };

async function post(request: APIRequestContext, user: ApiUser, message: string): Promise<number> {
  const res = await request.post('/api/oneliner', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { message },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('status').filter({ hasText: text });
const widget = (page: Page) => page.getByRole('list', { name: 'Chat messages' });
const line = (page: Page, text: string) =>
  widget(page).getByRole('listitem').filter({ hasText: text });

let moderator: ApiUser;
test.beforeAll(async ({ request }) => {
  moderator = await cliCreateUser(request, 'moderator');
});

test('a moderator deletes a message: it leaves every open page live, and the history', async ({
  browser,
  request,
}) => {
  const [author, listener] = await Promise.all([apiSignup(request), apiSignup(request)]);
  const text = `${uniqueName('del')} please remove me`;
  const kept = `${uniqueName('keep')} I stay`;
  await post(request, author, kept);
  await post(request, author, text);
  const modContext = await browser.newContext({ viewport: PHONE });
  const listenerContext = await browser.newContext();
  const modPage = await modContext.newPage();
  const listenerPage = await listenerContext.newPage();
  try {
    await openAs(listenerPage, listener.token, '/');
    await expect(line(listenerPage, text)).toBeVisible();

    await openAs(modPage, moderator.token, '/');
    const target = line(modPage, text);
    const toggle = target.getByRole('button', { name: `Moderate message by ${author.username}` });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const controls = target.getByRole('group', {
      name: `Moderation of ${author.username}'s message`,
    });
    // On a phone the controls fit the line: nothing runs off the right edge.
    for (const button of await controls.getByRole('button').all()) {
      const box = await button.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
    await controls.getByRole('button', { name: 'Delete', exact: true }).click();
    // A first click only asks; Cancel steps back without deleting.
    await controls.getByRole('button', { name: 'Cancel' }).click();
    await expect(line(listenerPage, text)).toBeVisible();
    await controls.getByRole('button', { name: 'Delete', exact: true }).click();
    await controls.getByRole('button', { name: 'Confirm delete' }).click();

    await expect(line(modPage, text)).toHaveCount(0);
    await expect(line(listenerPage, text)).toHaveCount(0);
    await expect(line(listenerPage, kept)).toBeVisible();

    await listenerPage.goto('/onelinerhistory');
    const history = listenerPage.getByRole('list', { name: 'Oneliner history' });
    await expect(history.getByRole('listitem').filter({ hasText: kept })).toBeVisible();
    await expect(history.getByRole('listitem').filter({ hasText: text })).toHaveCount(0);
  } finally {
    await modContext.close();
    await listenerContext.close();
  }
});

test('a muted listener sees when the mute ends, with the input disabled until then', async ({
  browser,
  request,
}) => {
  // Two browsers, three pages and four page loads: more than the default 30 s on a busy machine.
  test.slow();
  const listener = await apiSignup(request);
  const text = `${uniqueName('mute')} noisy line`;
  await post(request, listener, text);
  const modContext = await browser.newContext();
  const listenerContext = await browser.newContext({ viewport: PHONE });
  const modPage = await modContext.newPage();
  const listenerPage = await listenerContext.newPage();
  try {
    await listenerPage.clock.install();
    await openAs(listenerPage, listener.token, '/');
    const input = listenerPage.getByRole('textbox', { name: 'Chat message' });
    await expect(input).toBeEnabled();
    await input.fill('can anyone hear me?');

    await openAs(modPage, moderator.token, '/');
    const target = line(modPage, text);
    await target.getByRole('button', { name: `Moderate message by ${listener.username}` }).click();
    const [muted] = await Promise.all([
      modPage.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/mute')),
      target.getByRole('button', { name: 'Mute 5 min' }).click(),
    ]);
    const { muted_until: until } = (await muted.json()) as { muted_until: number };
    expect(until - Date.now() / 1000).toBeGreaterThan(240);
    expect(until - Date.now() / 1000).toBeLessThanOrEqual(301);
    await expect(toast(modPage, `${listener.username} is muted until`)).toBeVisible();
    await expect(target.getByRole('group')).toHaveCount(0);

    // The listener's open page hears of it at once, before trying to send.
    const endsAt = await listenerPage.evaluate(
      (u) =>
        new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(
          new Date(u * 1000),
        ),
      until,
    );
    const notice = listenerPage.locator('#chat-muted');
    await expect(notice).toHaveText(`You are muted until ${endsAt}.`);
    await expect(input).toBeDisabled();
    await expect(input).toHaveAttribute('placeholder', 'You are muted');
    await expect(listenerPage.getByRole('button', { name: 'Send' })).toBeDisabled();

    // A page opened during the mute knows it from the start.
    const later = await listenerContext.newPage();
    await openAs(later, listener.token, '/');
    await expect(later.locator('#chat-muted')).toHaveText(`You are muted until ${endsAt}.`);
    await expect(later.getByRole('textbox', { name: 'Chat message' })).toBeDisabled();
    await later.close();

    // The mute still holds a minute later; once its end passes, the input comes back.
    await listenerPage.clock.fastForward('01:00');
    await expect(notice).toBeVisible();
    await expect(input).toBeDisabled();
    await listenerPage.clock.fastForward('04:05');
    await expect(notice).toHaveCount(0);
    await expect(input).toBeEnabled();
    await expect(input).toHaveValue('can anyone hear me?');
  } finally {
    // Lift the mute so a rerun against the same station is not refused.
    await request.post(`/api/moderation/users/${listener.id}/mute`, {
      headers: { authorization: `Bearer ${moderator.token}` },
      data: { minutes: 0 },
    });
    await modContext.close();
    await listenerContext.close();
  }
});

test('a plain listener sees no moderation controls', async ({ page, request }) => {
  const [author, listener] = await Promise.all([apiSignup(request), apiSignup(request)]);
  const text = `${uniqueName('plain')} hello`;
  await post(request, author, text);
  await openAs(page, listener.token, '/');
  await expect(line(page, text)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Moderate message/ })).toHaveCount(0);

  await page.goto('/onelinerhistory');
  const history = page.getByRole('list', { name: 'Oneliner history' });
  await expect(history.getByRole('listitem').filter({ hasText: text })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Moderate message/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Chat settings' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Moderation log' })).toHaveCount(0);
});

test('staff set the word filter; admins read the moderation log', async ({ page, request }) => {
  const author = await apiSignup(request);
  const word = uniqueName('zq');
  await openAs(page, moderator.token, '/onelinerhistory');
  await expect(page.getByRole('button', { name: 'Chat settings' })).toBeVisible();
  // The log is for admins only.
  await expect(page.getByRole('button', { name: 'Moderation log' })).toHaveCount(0);

  const adminToken = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  await openAs(page, adminToken, '/onelinerhistory');
  await page.getByRole('button', { name: 'Chat settings' }).click();
  const filter = page.getByRole('textbox', { name: 'Word filter' });
  const slow = page.getByRole('spinbutton', { name: /Slow mode/ });
  await expect(slow).toHaveValue('0');
  await slow.fill('-5');
  await page.getByRole('button', { name: 'Save chat settings' }).click();
  await expect(page.getByRole('alert')).toContainText('Slow mode must be a whole number');
  await slow.fill('0');
  await filter.fill(`${word}, ${word.toUpperCase()}\n`);
  await page.getByRole('button', { name: 'Save chat settings' }).click();
  await expect(toast(page, 'Chat settings saved.')).toBeVisible();
  await expect(filter).toHaveValue(word);
  try {
    const marker = uniqueName('f');
    await post(request, author, `${marker} says ${word}`);
    await expect(line(page, marker)).toContainText(`${marker} says ${'*'.repeat(word.length)}`);

    await page.getByRole('button', { name: 'Moderation log' }).click();
    const log = page.getByRole('list', { name: 'Moderation log' });
    await expect(log.getByRole('listitem').first()).toContainText(
      `${E2E_ADMIN.username} set slow mode to off and 1 filtered word`,
    );
  } finally {
    await filter.fill('');
    await page.getByRole('button', { name: 'Save chat settings' }).click();
    await expect(toast(page, 'Chat settings saved.').last()).toBeVisible();
    const res = await request.get('/api/moderation/chat-settings', {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(await res.json()).toEqual({ slow_mode_seconds: 0, word_filter: [] });
  }
});
