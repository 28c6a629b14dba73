import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { expectNoAxeViolations } from '../support/axe';

// The /embed player as another site shows it: a page of another origin frames it, and the
// frame shows what plays, plays the stream, and lets it go again.

const STATION = `http://127.0.0.1:${E2E_PORT}`;
const TONE = /Sine [A-Z][a-z]+/;

/** A fan site of its own origin (a server on another port) whose page frames the player. */
async function fanSite(): Promise<{ url: string; close: () => void }> {
  const page = `<!doctype html><title>A fan site</title><h1>Our favourite station</h1>
    <iframe title="Station player" src="${STATION}/embed" width="360" height="80"></iframe>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

test('another site frames /embed: it shows what plays now and plays the stream', async ({
  page,
}) => {
  const site = await fanSite();
  try {
    await page.goto(site.url);
    const player = page.frameLocator('iframe[title="Station player"]');
    await expect(player.locator('#title')).toHaveText(TONE);
    await expect(player.locator('#artist')).toHaveText('Oscillator Ensemble');
    await expect(player.locator('#listeners')).toContainText('listening');
    await expect(player.locator('#cover')).toBeVisible();

    await player.getByRole('button', { name: /^Play / }).click();
    const audio = player.locator('#audio');
    const time = () => audio.evaluate((el: HTMLAudioElement) => el.currentTime);
    await expect.poll(time, { timeout: 10_000 }).toBeGreaterThan(1);
    await expect(player.getByRole('button', { name: /^Pause / })).toBeVisible();

    await player.getByRole('button', { name: /^Pause / }).click();
    const state = await audio.evaluate((el: HTMLAudioElement) => ({
      paused: el.paused,
      src: el.getAttribute('src'),
    }));
    expect(state).toEqual({ paused: true, src: null });
    await expect(player.getByRole('button', { name: /^Play / })).toBeVisible();
  } finally {
    site.close();
  }
  // On its own, the player passes axe too.
  await page.goto('/embed');
  await expect(page.locator('#title')).toHaveText(TONE);
  await expectNoAxeViolations(page, 'the embeddable player');
});
