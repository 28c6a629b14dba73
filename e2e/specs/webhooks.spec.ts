import crypto from 'node:crypto';
import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT } from '../playwright.config';
import { apiLogin, apiSignup, openAs } from '../support/api';

const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).last();

/** A receiver on 127.0.0.1 that keeps what it is sent and answers 204. */
async function receiver() {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { got, url: `http://127.0.0.1:${port}/hook`, close: () => server.close() };
}

test('an admin adds a webhook, sends a test the receiver can verify, reads the log, turns it off and removes it', async ({
  page,
  request,
}) => {
  test.slow();
  const hook = await receiver();
  try {
    const adminToken = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
    await openAs(page, adminToken, '/');
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/webhooks$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Webhooks');
    await expect(page.getByText('No webhooks yet.')).toBeVisible();

    const url = page.getByLabel('URL');
    const add = page.getByRole('button', { name: 'Add webhook' });
    // The form says what is wrong before sending; the server refuses the station itself.
    await url.fill('ftp://example.com/hook');
    await add.click();
    await expect(page.getByRole('alert')).toHaveText(
      'Enter a URL starting with http:// or https://',
    );
    await url.fill(`http://127.0.0.1:${E2E_PORT}/api/nowplaying`);
    await add.click();
    await expect(toast(page, 'The URL points at this station itself')).toBeVisible();

    await url.fill(hook.url);
    await page.getByLabel('Request on air').check();
    await add.click();
    await expect(toast(page, 'Webhook added')).toBeVisible();
    await expect(url).toHaveValue('');
    const item = page.getByRole('listitem', { name: `Webhook ${hook.url}` });
    await expect(item).toContainText('JSON (signed) · Track on air, Request on air');

    await item.getByText('Signing secret').click();
    const secret = (await item.locator('code').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await item.getByRole('button', { name: 'Send test' }).click();
    await expect(toast(page, 'Test event sent')).toBeVisible();
    // The log opens and fills in once the receiver answered.
    // The log opens and fills in once the receiver answered (the tracks on air come too).
    const testRow = item.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(testRow.getByRole('cell', { name: 'Delivered (204)' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(testRow.getByRole('cell', { name: / ms$/ })).toBeVisible();
    const sent = hook.got.find((g) => g.headers['x-queuecast-event'] === 'webhook.test')!;
    const mac = crypto
      .createHmac('sha256', secret)
      .update(`${String(sent.headers['x-queuecast-timestamp'])}.${sent.body}`)
      .digest('hex');
    expect(sent.headers['x-queuecast-signature']).toBe(`sha256=${mac}`);

    await item.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('On', { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Webhook saved')).toBeVisible();
    await expect(item).toContainText('(off)');

    await item.getByRole('button', { name: 'Remove' }).click();
    await item.getByRole('button', { name: 'Really remove?' }).click();
    await expect(toast(page, 'Webhook removed')).toBeVisible();
    await expect(page.getByText('No webhooks yet.')).toBeVisible();
  } finally {
    hook.close();
  }
});

test('the webhooks page is for admins only', async ({ page, request }) => {
  const listener = await apiSignup(request);
  await openAs(page, listener.token, '/');
  await expect(page.getByRole('link', { name: 'Webhooks', exact: true })).toHaveCount(0);
  await page.goto('/admin/webhooks');
  await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
});
