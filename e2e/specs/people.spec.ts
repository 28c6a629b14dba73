import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiSignup, openAs, songId, type ApiUser } from '../support/api';

async function say(request: APIRequestContext, user: ApiUser, message: string) {
  const res = await request.post('/api/oneliner', {
    headers: { authorization: `Bearer ${user.token}` },
    data: { message },
  });
  expect(res.status()).toBe(200);
}

test('a username in the chat leads to that person’s page', async ({ page, request }) => {
  const [ann, reader] = await Promise.all([apiSignup(request), apiSignup(request)]);
  const id = await songId(request, 'Sine Serenade');
  const fav = await request.post('/api/user/favorites', {
    headers: { authorization: `Bearer ${ann.token}` },
    data: { song_id: id },
  });
  expect(fav.status()).toBe(200);
  const line = `hi from ${ann.username}`;
  await say(request, ann, line);

  await openAs(page, reader.token, '/');
  const chatLine = page
    .getByRole('list', { name: 'Chat messages' })
    .getByRole('listitem')
    .filter({ hasText: line });
  await chatLine.getByRole('link', { name: ann.username, exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/user/${ann.username}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ann.username);
  await expect(page.getByTestId('role-badge')).toHaveText('Listener');
  await expect(page.getByText(/^Joined /)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Favourites' }).getByRole('link', { name: /Sine Serenade/ }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Chat lines' }).getByText(line)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Requests' })).toContainText('No requests yet.');

  // A signed-in visitor may write to them: the inbox opens the conversation, named.
  await page.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/inbox\\?with=${ann.id}$`));
  await expect(page.getByRole('heading', { name: ann.username, level: 2 })).toBeVisible();

  // ... and block them, after a confirmation; the button then offers to unblock.
  await page.goBack();
  await page.getByRole('button', { name: 'Block' }).click();
  await page.getByRole('button', { name: 'Yes, block' }).click();
  await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
  const blocks = await request.get('/api/user/blocks', {
    headers: { authorization: `Bearer ${reader.token}` },
  });
  expect(((await blocks.json()) as { users: { id: number }[] }).users).toContainEqual(
    expect.objectContaining({ id: ann.id }),
  );
});

test('an anonymous visitor sees the page without its actions', async ({ page, request }) => {
  const bob = await apiSignup(request);
  await page.goto(`/user/${bob.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(bob.username);
  await expect(page.getByRole('link', { name: 'Message' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Block' })).toHaveCount(0);
});

test('a user nobody is named shows the not-found page', async ({ page }) => {
  const res = await page.goto('/user/nobody_by_this_name');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
});
