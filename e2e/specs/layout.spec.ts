import { expect, test, type Locator, type Page } from '@playwright/test';

// The page's frame on a 1280 px desktop and a 390 px phone: titles wrap between words only, the
// desktop uses the window's width and keeps the station in view, the phone puts each page's own
// content first with a mini-player at the bottom (the full player on the queue page only).
const LONG_TITLE = 'Extraordinarily Protected Multiplexer Interrupt Descriptor Overture';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * The words of each element's text that the browser drew on more than one line: a Range around
 * each word gives one rectangle per line box it occupies.
 */
async function splitWords(links: Locator): Promise<string[]> {
  return links.evaluateAll((elements) =>
    elements.flatMap((el) => {
      const split: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
          if (tops.size > 1) split.push(match[0]);
        }
      }
      return split;
    }),
  );
}

const titleLinks = (page: Page) =>
  page.locator('table tbody td[data-col="title"] a[href^="/song/"]');
const artistLinks = (page: Page) =>
  page.locator('table tbody td[data-col="artist"] a[href^="/artist/"]');

for (const viewport of [DESKTOP, PHONE]) {
  test(`titles and names wrap between words only (${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(titleLinks(page).first()).toBeVisible();
    expect(await splitWords(titleLinks(page))).toEqual([]);
    expect(await splitWords(artistLinks(page))).toEqual([]);

    await page.goto(`/search?q=${encodeURIComponent(LONG_TITLE)}`);
    const long = titleLinks(page).filter({ hasText: LONG_TITLE });
    await expect(long).toBeVisible();
    expect(await splitWords(long)).toEqual([]);
    // Where a word is wider than its column it ends in an ellipsis; the whole title is its tooltip.
    await expect(long).toHaveAttribute('title', LONG_TITLE);

    await page.goto('/search?q=Zepto');
    await expect(titleLinks(page).first()).toBeVisible();
    expect(await splitWords(titleLinks(page))).toEqual([]);
    expect(await splitWords(artistLinks(page))).toEqual([]);
  });
}

test('on a desktop the page uses the window, up to 1600 px', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const main = page.locator('main#main');
  await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toBeVisible();
  const at1280 = (await main.boundingBox())!;
  // The three columns fill the window; the page itself gets well over half of it.
  expect(at1280.width).toBeGreaterThan(1280 * 0.55);
  const station = (await page.getByRole('complementary', { name: 'Station' }).boundingBox())!;
  expect(station.x + station.width).toBeGreaterThan(1280 - 24);

  await page.setViewportSize({ width: 1920, height: 1000 });
  const at1920 = (await main.boundingBox())!;
  expect(at1920.width).toBeGreaterThan(at1280.width + 200);
  const menu = (await page.getByRole('complementary', { name: 'Site menu' }).boundingBox())!;
  const right = (await page.getByRole('complementary', { name: 'Station' }).boundingBox())!;
  // At most 1600 px wide, centred.
  expect(right.x + right.width - menu.x).toBeLessThanOrEqual(1600);
  expect(Math.abs(menu.x - (1920 - (right.x + right.width)))).toBeLessThan(4);
});

test('on a desktop the menu and the station stay in view down a long page', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`/platform/${encodeURIComponent('Zeptotron Nine')}`);
  await expect(titleLinks(page).nth(100)).toBeAttached();
  await page.mouse.wheel(0, 6000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(3000);
  await expect(page.getByRole('heading', { name: 'Now Playing' })).toBeInViewport({ ratio: 1 });
  await expect(
    page.getByRole('region', { name: 'Live Stream' }).getByRole('button', { name: 'Play' }),
  ).toBeInViewport({ ratio: 1 });
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Queue' }),
  ).toBeInViewport({ ratio: 1 });
});

test('on a phone the queue page has the full player, every other page a mini-player', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const panel = page.getByRole('region', { name: 'Now Playing' });
  const mini = page.getByTestId('mini-player');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('now-playing-song')).toBeVisible();
  await expect(mini).toHaveCount(0);

  for (const path of ['/artists', `/search?q=${encodeURIComponent(LONG_TITLE)}`, '/login']) {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('region', { name: 'Live Stream' })).toBeHidden();
    // The page's own heading comes first, right under the top bar.
    const top = (await heading.boundingBox())!;
    expect(top.y).toBeLessThan(150);
    // The mini-player is pinned to the bottom: artwork, title, Play and the LIVE mark.
    await expect(mini).toBeInViewport({ ratio: 1 });
    const bar = (await mini.boundingBox())!;
    expect(bar.y + bar.height).toBeGreaterThan(PHONE.height - 2);
    expect(bar.height).toBeLessThan(90);
    await expect(mini.locator('img')).toHaveCount(1);
    await expect(mini.getByRole('link')).toHaveText(/\S/);
    await expect(mini.getByText('LIVE', { exact: true })).toBeVisible();
    await expect(mini.getByRole('button', { name: 'Play' })).toBeVisible();
  }

  // It plays the station, and stays pinned while the page scrolls.
  await page.goto(`/platform/${encodeURIComponent('Zeptotron Nine')}`);
  await mini.getByRole('button', { name: 'Play' }).click();
  await expect(mini.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.mouse.wheel(0, 3000);
  await expect(mini).toBeInViewport({ ratio: 1 });
  await mini.getByRole('button', { name: 'Pause' }).click();
  await expect(mini.getByRole('button', { name: 'Play' })).toBeVisible();
});

test('a sortable column sorts from anywhere in its header cell', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/search?q=Quasar');
  const table = page.getByRole('region', { name: 'Results for Quasar' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const header = table.getByRole('columnheader', { name: /Length/ });
  const box = (await header.boundingBox())!;
  // Well away from the word: at the cell's far edge.
  const farEdge = { x: 4, y: box.height / 2 };
  await header.click({ position: farEdge });
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.click({ position: farEdge });
  await expect(header).toHaveAttribute('aria-sort', 'descending');
});
