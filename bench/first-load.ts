/**
 * bench/first-load: the JavaScript and CSS a first visit to `/` downloads before the page can
 * draw, read from a built web client: the entry script, every module the HTML preloads or the
 * entry imports statically, and the stylesheets it links, each compressed with brotli at the quality the build ships
 * (`x.js.br`), so the figure is what the server sends.
 * Run: npm run build -w apps/web && npm run first-load -w bench -- [--dist apps/web/dist]
 * Target: JavaScript ≤ 90 kB brotli.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './support/processes.js';

/** A relative --dist is read from where npm was run (`npm run -w` moves into bench/). */
const dist = path.resolve(
  process.env.INIT_CWD ?? process.cwd(),
  parseArgs().get('dist') ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)),
);

const brotli = (data: Buffer) =>
  zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  }).length;

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
const files = tags.flatMap((tag) => {
  const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
  if (!url?.startsWith('/assets/')) return [];
  if (/<script\b/.test(tag) || /rel="modulepreload"/.test(tag)) return [{ url, kind: 'js' }];
  if (/rel="stylesheet"/.test(tag)) return [{ url, kind: 'css' }];
  return [];
});

// Modules the entry imports statically load before it runs too, preloaded or not.
const STATIC_IMPORT =
  /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{},\s]*?\bfrom\s*)?["'](\.\/[^"']+\.js)["']/g;
for (let i = 0; i < files.length; i++) {
  const { url, kind } = files[i]!;
  if (kind !== 'js') continue;
  const code = fs.readFileSync(path.join(dist, url), 'utf8');
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const dep = path.posix.join(path.posix.dirname(url), match[1]!);
    if (!files.some((f) => f.url === dep)) files.push({ url: dep, kind: 'js' });
  }
}

const kb = (n: number) => (n / 1000).toFixed(1).padStart(7);
console.log(`bench/first-load — ${dist}`);
console.log(`  ${'file'.padEnd(40)} ${'raw kB'.padStart(7)} ${'br kB'.padStart(7)}`);
const total = { js: { raw: 0, br: 0 }, css: { raw: 0, br: 0 } };
for (const { url, kind } of files) {
  const data = fs.readFileSync(path.join(dist, url));
  const br = brotli(data);
  total[kind as 'js' | 'css'].raw += data.length;
  total[kind as 'js' | 'css'].br += br;
  console.log(`  ${url.padEnd(40)} ${kb(data.length)} ${kb(br)}`);
}
console.log(
  `  ${'JavaScript'.padEnd(40)} ${kb(total.js.raw)} ${kb(total.js.br)}   (target ≤ 90 br)`,
);
console.log(`  ${'CSS'.padEnd(40)} ${kb(total.css.raw)} ${kb(total.css.br)}`);

// The server's HTML also preloads the page's own chunks and the sidebar's (page-assets.json),
// and the client waits for them before its first render, which then draws the page complete.
const listFile = path.join(dist, 'page-assets.json');
if (fs.existsSync(listFile)) {
  const list = JSON.parse(fs.readFileSync(listFile, 'utf8')) as {
    always: string[];
    pages: Record<string, string[]>;
  };
  const more = [...new Set([...(list.pages.queue ?? []), ...list.always])];
  const extra = { js: { raw: 0, br: 0 }, css: { raw: 0, br: 0 } };
  console.log(`  preloaded for the first render of / (page-assets.json):`);
  for (const url of more) {
    const data = fs.readFileSync(path.join(dist, url));
    const kind = url.endsWith('.css') ? 'css' : 'js';
    const br = brotli(data);
    extra[kind].raw += data.length;
    extra[kind].br += br;
    console.log(`  ${url.padEnd(40)} ${kb(data.length)} ${kb(br)}`);
  }
  const js = { raw: total.js.raw + extra.js.raw, br: total.js.br + extra.js.br };
  console.log(`  ${'JavaScript before the first render'.padEnd(40)} ${kb(js.raw)} ${kb(js.br)}`);
  console.log(
    `  ${'CSS before the first render'.padEnd(40)} ${kb(total.css.raw + extra.css.raw)} ${kb(total.css.br + extra.css.br)}`,
  );
}
