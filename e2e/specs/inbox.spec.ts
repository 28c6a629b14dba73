import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { apiSignup, openAs, type ApiUser } from '../support/api';

// Two browsers and several accounts per test: more than the default 30 s on a slow machine.
test.slow();

/** Live pushes must beat the badge's 30 s poll by far. */
const LIVE = { timeout: 8_000 };

async function send(request: APIRequestContext, from: ApiUser, to: ApiUser, message: string) {
  const res = await request.post('/api/messages', {
    headers: { authorization: `Bearer ${from.token}` },
    data: { to_uid: to.id, message },
  });
  expect(res.status()).toBe(200);
}

async function pageFor(browser: Browser, user: ApiUser, path: string, phone = false) {
  const context = await browser.newContext(
    phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {},
  );
  const page = await context.newPage();
  await openAs(page, user.token, path);
  return { context, page };
}

test('a new conversation, the live badge, read receipts and 9+', async ({ browser, request }) => {
  const [alice, bob, carol, dave] = await Promise.all([
    apiSignup(request),
    apiSignup(request),
    apiSignup(request),
    apiSignup(request),
  ]);
  const a = await pageFor(browser, alice, '/inbox');
  const b = await pageFor(browser, bob, '/');
  try {
    const badge = b.page.getByTestId('unread-badge');
    await expect(b.page.getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
    await expect(badge).toHaveCount(0);

    // (a) Alice writes to Bob from the inbox: search, pick, send.
    await expect(a.page.getByText('No conversations yet.')).toBeVisible();
    await a.page.getByRole('button', { name: 'New Message' }).click();
    await a.page.getByRole('searchbox', { name: 'To' }).fill(bob.username);
    await a.page
      .getByRole('list', { name: 'Users' })
      .getByRole('button', { name: bob.username })
      .click();
    const box = a.page.getByRole('textbox', { name: `Message to ${bob.username}` });
    await box.fill('Hello Bob');
    await box.press('Shift+Enter');
    await box.pressSequentially('second line');
    await box.press('Enter');
    await expect(a.page).toHaveURL(new RegExp(`/inbox\\?with=${bob.id}$`));
    await expect(a.page.getByRole('heading', { name: bob.username })).toBeVisible();
    const aThread = a.page.getByRole('list', { name: `Messages with ${bob.username}` });
    const sent = aThread.getByRole('listitem').filter({ hasText: 'Hello Bob' });
    await expect(sent).toContainText('Hello Bob\nsecond line');
    await expect(sent.getByRole('img', { name: 'Sent' })).toBeVisible();
    const aList = a.page.getByRole('list', { name: 'Conversations' });
    await expect(aList.getByRole('link', { name: new RegExp(bob.username) })).toContainText(
      'just now',
    );

    // (b) Bob's badge rises live, without a reload.
    await expect(badge).toHaveText('1', LIVE);

    // (c) Bob opens the thread: his badge clears, Alice's tick turns to Read live.
    await b.page.getByRole('link', { name: 'Inbox, 1 unread' }).click();
    const bList = b.page.getByRole('list', { name: 'Conversations' });
    const fromAlice = bList.getByRole('link', { name: new RegExp(alice.username) });
    await expect(fromAlice.locator('.badge')).toHaveText('1');
    await fromAlice.click();
    await expect(
      b.page.getByRole('list', { name: `Messages with ${alice.username}` }),
    ).toContainText('Hello Bob');
    await expect(badge).toHaveCount(0, LIVE);
    await expect(fromAlice.locator('.badge')).toHaveCount(0);
    await expect(sent.getByRole('img', { name: 'Read' })).toBeVisible(LIVE);

    // Ten more from two senders (the server takes 10 a minute from each): the badge says 9+.
    await Promise.all(
      [carol, dave].map(async (from) => {
        for (let i = 0; i < 5; i++) await send(request, from, bob, `ping ${i}`);
      }),
    );
    await expect(badge).toHaveText('9+', LIVE);
    await expect(bList.getByRole('link', { name: new RegExp(carol.username) })).toBeVisible(LIVE);
    await expect(
      bList.getByRole('link', { name: new RegExp(dave.username) }).locator('.badge'),
    ).toHaveText('5');
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('a long message is cut at 64 characters until clicked, on a phone', async ({
  browser,
  request,
}) => {
  const [alice, bob] = await Promise.all([apiSignup(request), apiSignup(request)]);
  const long = `${'0123456789'.repeat(7)} and the rest of it`;
  await send(request, alice, bob, long);
  const b = await pageFor(browser, bob, '/inbox', true);
  try {
    const list = b.page.getByRole('list', { name: 'Conversations' });
    await list.getByRole('link', { name: new RegExp(alice.username) }).click();
    // One pane at a time: the thread replaces the list, Back brings it back.
    await expect(list).toBeHidden();
    const thread = b.page.getByRole('list', { name: `Messages with ${alice.username}` });
    const text = thread.getByRole('button', { expanded: false });
    await expect(text).toHaveText(`${long.slice(0, 64)}...`);
    await text.click();
    await expect(thread.getByRole('listitem').first()).toContainText(long);
    await expect(thread.getByRole('button')).toHaveCount(0);
    await b.page.getByRole('button', { name: 'Back' }).click();
    await expect(list).toBeVisible();
    await expect(thread).toBeHidden();
  } finally {
    await b.context.close();
  }
});

test("a blocked sender sees the server's refusal", async ({ browser, request }) => {
  const [alice, bob] = await Promise.all([apiSignup(request), apiSignup(request)]);
  await send(request, alice, bob, 'first');
  const b = await pageFor(browser, bob, `/inbox?with=${alice.id}`);
  const a = await pageFor(browser, alice, `/inbox?with=${bob.id}`);
  try {
    await b.page.getByRole('button', { name: 'Block', exact: true }).click();
    await b.page.getByRole('button', { name: 'Yes, block' }).click();
    await expect(b.page.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();

    const box = a.page.getByRole('textbox', { name: `Message to ${bob.username}` });
    await box.fill('are you there?');
    await box.press('Enter');
    await expect(
      a.page.getByText(`${bob.username} does not accept messages from you.`),
    ).toBeVisible();
    await expect(box).toHaveValue('are you there?');

    await b.page.getByRole('button', { name: 'Unblock', exact: true }).click();
    await b.page.getByRole('button', { name: 'Yes, unblock' }).click();
    await expect(b.page.getByRole('button', { name: 'Block', exact: true })).toBeVisible();
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(
      b.page.getByRole('list', { name: `Messages with ${alice.username}` }),
    ).toContainText('are you there?', LIVE);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('the inbox sends a logged-out visitor to the login page with a message', async ({ page }) => {
  await page.goto('/inbox');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Please log in to see your inbox.')).toBeVisible();
});
