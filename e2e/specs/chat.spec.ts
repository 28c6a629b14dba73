import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiSignup, openAs, songId, uniqueName, type ApiUser } from '../support/api';

async function post(request: APIRequestContext, user: ApiUser, message: string) {
  const res = await request.post('/api/oneliner', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { message },
  });
  expect(res.status()).toBe(200);
}

test('a message from one listener reaches another page live', async ({ browser, request }) => {
  const [alice, bob] = await Promise.all([apiSignup(request), apiSignup(request)]);
  const aliceContext = await browser.newContext();
  const bobContext = await browser.newContext();
  const alicePage = await aliceContext.newPage();
  const bobPage = await bobContext.newPage();
  try {
    await bobPage.goto('/');
    const bobInput = bobPage.getByRole('textbox', { name: 'Chat message' });
    await expect(bobInput).toHaveAttribute('placeholder', 'Log in to chat');
    await expect(bobInput).toBeDisabled();
    await expect(bobPage.getByRole('link', { name: 'Older messages' })).toHaveCount(0);
    await openAs(bobPage, bob.token, '/');
    await expect(bobPage.getByRole('link', { name: 'Older messages' })).toBeVisible();

    await openAs(alicePage, alice.token, '/');
    const input = alicePage.getByRole('textbox', { name: 'Chat message' });
    await expect(input).toHaveAttribute('placeholder', 'Say something...');
    await expect(input).toHaveAttribute('maxlength', '1024');
    const text = `hello from ${alice.username}`;
    await input.fill(`${text} `);
    await alicePage.getByRole('button', { name: 'Open emoji picker' }).click();
    await alicePage.getByRole('button', { name: ':yey:' }).click();
    await expect(input).toHaveValue(`${text} :yey:`);
    await input.press('Enter');
    await expect(input).toHaveValue('');
    await expect(alicePage.getByRole('group', { name: 'Emoji picker' })).toHaveCount(0);

    const bobChat = bobPage.getByRole('list', { name: 'Chat messages' });
    const line = bobChat.getByRole('listitem').filter({ hasText: text });
    await expect(line).toContainText(alice.username);
    await expect(line).toContainText('now');
    await expect(line.getByRole('img', { name: ':yey:' })).toBeVisible();

    // Blank lines are not sent.
    await input.fill('    ');
    await input.press('Enter');
    await expect(input).toHaveValue('    ');
  } finally {
    await aliceContext.close();
    await bobContext.close();
  }
});

test('/me lines, own-site links, external links and unsafe text', async ({ page, request }) => {
  const [carol, dave] = await Promise.all([apiSignup(request), apiSignup(request)]);
  const id = await songId(request, 'Sine Serenade');
  await openAs(page, dave.token, '/');
  const chat = page.getByRole('list', { name: 'Chat messages' });
  const marker = uniqueName('m');
  await post(request, carol, `/me waves ${marker}`);
  await post(request, carol, `${marker} hear /song/${id} or https://example.com/x?y=1`);
  await post(request, carol, `${marker} javascript:alert(1) <b>bold</b>`);

  const action = chat.locator('.chat-action').filter({ hasText: marker });
  await expect(action).toContainText(`${carol.username} waves ${marker}`);
  await expect(action).not.toContainText('/me');

  const links = chat.getByRole('listitem').filter({ hasText: `${marker} hear` });
  const own = links.getByRole('link', { name: 'Sine Serenade' });
  await expect(own).toHaveAttribute('href', `/song/${id}`);
  await expect(own).not.toHaveAttribute('target', /.*/);
  const external = links.getByRole('link', { name: 'https://example.com/x?y=1' });
  await expect(external).toHaveAttribute('target', '_blank');
  await expect(external).toHaveAttribute('rel', 'noopener noreferrer');

  const unsafe = chat.getByRole('listitem').filter({ hasText: 'javascript:alert(1)' });
  await expect(unsafe).toContainText(`${marker} javascript:alert(1) <b>bold</b>`);
  // The only link is the author's name, to their page: nothing in the text became one.
  await expect(unsafe.getByRole('link')).toHaveCount(1);
  await expect(unsafe.getByRole('link')).toHaveAttribute('href', `/user/${carol.username}`);
  await expect(unsafe.locator('b')).toHaveCount(0);

  await own.click();
  await expect(page).toHaveURL(new RegExp(`/song/${id}$`));
});

test('the history page loads older pages down to the end', async ({ page, request }) => {
  // The server takes 5 posts per 10 s from one listener: nine listeners post 45 lines.
  const users = await Promise.all(Array.from({ length: 9 }, () => apiSignup(request)));
  const marker = uniqueName('h');
  await Promise.all(
    users.map(async (user, u) => {
      for (let i = 0; i < 5; i++) await post(request, user, `${marker} line ${u * 5 + i}`);
    }),
  );
  let pages = 0;
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/oneliner') pages++;
  });
  await page.goto('/onelinerhistory');
  const history = page.getByRole('list', { name: 'Oneliner history' });
  const end = page.getByText('No more messages.');
  await expect(async () => {
    await page.mouse.wheel(0, 10_000);
    await expect(end).toBeVisible({ timeout: 300 });
  }).toPass({ timeout: 10_000 });
  await expect(history.getByRole('listitem').filter({ hasText: marker })).toHaveCount(45);
  expect(pages).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});
