import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiSignup, openAs, songId } from '../support/api';
import { cliCreateUser } from '../support/staff';

// axe-core on every page of the site, as a visitor, a listener and staff: no violation of
// WCAG 2.1 A or AA. Each page is checked once its content has arrived (its heading), on a
// desktop and on a phone, since the layouts differ.
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SONG = 'Vote Target Song';

interface Route {
  path: string;
  /** The page's main heading, to wait for before checking. */
  heading: RegExp;
}

async function publicRoutes(request: Parameters<typeof songId>[0]): Promise<Route[]> {
  const id = await songId(request, SONG);
  return [
    { path: '/', heading: /^Queue$/ },
    { path: '/login', heading: /^Log In$/ },
    { path: '/signup', heading: /^Sign Up$/ },
    { path: '/feed', heading: /^Feed$/ },
    { path: '/artists', heading: /^Artists/ },
    { path: '/artists/Q', heading: /^Artists/ },
    { path: '/artists/Z', heading: /^Artists/ },
    { path: '/platform', heading: /^Platforms/ },
    // The platform's second page: the same table and page buttons as its first, in 20 rows
    // instead of 500 (axe over 500 rows takes over a minute on two cores).
    {
      path: `/platform/${encodeURIComponent('Zeptotron Nine')}?offset=500`,
      heading: /Zeptotron Nine/,
    },
    { path: '/tags', heading: /^Tags/ },
    { path: '/tags/quasar-chip', heading: /quasar-chip/ },
    { path: `/search?q=${encodeURIComponent(SONG)}`, heading: /Search/ },
    { path: `/song/${id}`, heading: new RegExp(SONG) },
    { path: '/onelinerhistory', heading: /^Oneliner history$/ },
    { path: '/no/such/page', heading: /^Page not found$/ },
  ];
}

async function expectAccessible(page: Page, route: Route): Promise<void> {
  await page.goto(route.path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(route.heading);
  // Let late content (the live update, lazy chunks, cover art) settle.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const found = result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
  expect(found, `${route.path}: ${JSON.stringify(found, null, 1)}`).toEqual([]);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`axe on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('every public page, logged out', async ({ page, request }) => {
      test.slow();
      for (const route of await publicRoutes(request)) await expectAccessible(page, route);
    });

    test('every page a listener sees, logged in', async ({ page, request }) => {
      test.slow();
      const listener = await apiSignup(request);
      await openAs(page, listener.token, '/');
      const own: Route[] = [
        { path: '/profile', heading: new RegExp(listener.username) },
        { path: '/inbox', heading: /^Inbox$/ },
        { path: '/addsong', heading: /^Add Song$/ },
        { path: `/user/${listener.username}`, heading: new RegExp(listener.username) },
      ];
      // Logged in, the login and sign-up pages send the listener on: checked logged out above.
      const pages = (await publicRoutes(request)).filter((r) => !/^\/(login|signup)$/.test(r.path));
      for (const route of [...pages, ...own]) {
        await expectAccessible(page, route);
      }
    });

    test('the staff pages, as staff', async ({ page, request }) => {
      test.slow();
      const admin = await cliCreateUser(request, 'admin');
      await openAs(page, admin.token, '/');
      const id = await songId(request, SONG);
      for (const route of [
        { path: '/missingsongs', heading: /^Missing Files$/ },
        { path: '/review', heading: /^Review/ },
        { path: '/dashboard', heading: /^Dashboard$/ },
        { path: '/admin/users', heading: /^Users$/ },
        { path: '/admin/webhooks', heading: /^Webhooks$/ },
        { path: `/uploadsong/${id}`, heading: /^Upload File$/ },
        { path: `/song/${id}`, heading: new RegExp(SONG) },
      ]) {
        await expectAccessible(page, route);
      }
    });
  });
}

test('the banner tagline is page text, large and in contrast enough to read', async ({ page }) => {
  await page.goto('/');
  const tagline = page.getByTestId('banner-tagline');
  await expect(tagline).toBeVisible();
  const size = await tagline.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(size).toBeGreaterThanOrEqual(13);
  // Checked by axe's contrast rule as text over its own dark band.
  const result = await new AxeBuilder({ page })
    .include('[data-testid="banner-tagline"]')
    .withRules(['color-contrast'])
    .analyze();
  expect(result.violations).toEqual([]);
  expect(result.passes.map((p) => p.id)).toContain('color-contrast');
});
