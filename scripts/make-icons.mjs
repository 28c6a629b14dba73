// `npm run icons`: the web app's PNG icons, drawn by Chromium from the station's own SVG.
//
// Renders apps/web/public/favicon.svg into icon-192.png and icon-512.png (transparent
// corners), icon-maskable-512.png (the drawing at 70 % on a full square of its own background,
// so a launcher's mask never cuts into it) and apple-touch-icon.png (180 px, full square).
// Chromium comes from CHROMIUM_PATH or /usr/bin/chromium.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { root } from './build-state.mjs';

const PUBLIC = path.join(root, 'apps/web/public');
/** The square behind the drawing in favicon.svg, filling a maskable icon to its edges. */
const ICON_BACKGROUND = '#1d2233';

const ICONS = [
  { file: 'icon-192.png', size: 192, scale: 1, fill: false },
  { file: 'icon-512.png', size: 512, scale: 1, fill: false },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.7, fill: true },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.86, fill: true },
];

const svg = fs.readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');
const source = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

function page({ size, scale, fill }) {
  const side = Math.round(size * scale);
  return `<!doctype html><html><body style="margin:0;width:${size}px;height:${size}px;
    display:grid;place-items:center;background:${fill ? ICON_BACKGROUND : 'transparent'}">
    <img src="${source}" width="${side}" height="${side}" alt=""></body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of ICONS) {
    const context = await browser.newContext({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    const tab = await context.newPage();
    await tab.setContent(page(icon));
    await tab.locator('img').evaluate((img) => img.decode());
    await tab.screenshot({ path: path.join(PUBLIC, icon.file), omitBackground: !icon.fill });
    console.log(`wrote apps/web/public/${icon.file} (${icon.size}×${icon.size})`);
    await context.close();
  }
} finally {
  await browser.close();
}
