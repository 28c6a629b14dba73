import { expect, test, type Page, type WebSocket } from '@playwright/test';
import { apiSignup, openAs } from '../support/api';

interface Frames {
  sent: unknown[];
  received: unknown[];
}

/** Every frame of the page's /ws sockets, parsed. */
function recordLiveFrames(page: Page): Frames {
  const frames: Frames = { sent: [], received: [] };
  page.on('websocket', (ws: WebSocket) => {
    if (!ws.url().endsWith('/ws')) return;
    ws.on('framesent', (f) => frames.sent.push(JSON.parse(String(f.payload))));
    ws.on('framereceived', (f) => frames.received.push(JSON.parse(String(f.payload))));
  });
  return frames;
}

test('a signed-in page joins its user on the live socket by message, and leaves on logout', async ({
  page,
  request,
}) => {
  const user = await apiSignup(request);
  const frames = recordLiveFrames(page);
  await openAs(page, user.token, '/');

  // The token travels in a message on the socket, never in the socket's URL.
  await expect.poll(() => frames.sent).toContainEqual({ type: 'auth', token: user.token });
  await expect
    .poll(() => frames.received)
    .toContainEqual({
      type: 'session',
      user: { id: user.id, username: user.username, role: 'user' },
    });

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect.poll(() => frames.sent).toContainEqual({ type: 'auth', token: null });
  await expect.poll(() => frames.received).toContainEqual({ type: 'session', user: null });
});
