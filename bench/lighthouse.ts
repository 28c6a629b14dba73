/**
 * bench/lighthouse: Lighthouse's four categories, CLS and LCP for the public pages of a fresh
 * demo station, as a new visitor on a phone (the mobile preset: a mid-range phone on a
 * simulated slow 4G) and on a desktop. Starts the built server itself on a temporary DATA_DIR
 * with the demo library, and Chromium headless for Lighthouse to drive.
 * Run: npm run build && flock /tmp/bench.lock npm run lighthouse -w bench --
 *        [--web-dist DIR] [--presets mobile,desktop] [--runs 1]
 * Targets (mobile): Performance ≥ 95, Accessibility, Best Practices and SEO 100, CLS ≤ 0.02,
 * LCP ≤ 2.0 s.
 */
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { machine, parseArgs } from './support/processes.js';
import { signup, startStation } from './support/station.js';

const args = parseArgs();
const presets = (args.get('presets') ?? 'mobile,desktop').split(',') as Preset[];
const runs = Number(args.get('runs') ?? 1);
const webDist = args.get('web-dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const LISTENER = 'demo_listener';

type Preset = 'mobile' | 'desktop';

interface Figures {
  scores: number[];
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** Titles of the audits below 1 in a category other than Performance: what to fix. */
  failing: string[];
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement: string;
}

/**
 * Chromium with the e2e specs' flags, on top of chrome-launcher's defaults (as Lighthouse's own
 * command line starts it: among them RenderDocument off, without which Chromium 15x's traces
 * miss the navigation start Lighthouse looks for).
 */
async function startChromium() {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    logLevel: 'error',
  });
  return { port: chrome.port, stop: () => chrome.kill() };
}

async function audit(url: string, port: number, preset: Preset, attempt = 1): Promise<Figures> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) {
    // Chromium sometimes leaves the navigation out of the trace (NO_NAVSTART, NO_FCP): a
    // fault of the recording, not of the page; a second load records it.
    if (attempt < 3 && /^NO_(NAVSTART|FCP)/.test(lhr.runtimeError.code)) {
      return audit(url, port, preset, attempt + 1);
    }
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
    lhr.categories[c]!.auditRefs.filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1)
      .map((a) => `${c}: ${a.title}`),
  );
  return {
    scores: CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)),
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    fcpMs: numeric('first-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    failing,
    lcpElement: lcpElement(lhr.audits['largest-contentful-paint-element']?.details),
  };
}

/** The LCP element's selector and text, from the audit's first table. */
function lcpElement(details: unknown): string {
  const find = (value: unknown): { selector?: string; snippet?: string } | null => {
    if (!value || typeof value !== 'object') return null;
    const v = value as Record<string, unknown>;
    if (v.type === 'node') return v;
    for (const child of Object.values(v)) {
      const found = find(child);
      if (found) return found;
    }
    return null;
  };
  const node = find(details);
  return node ? `${node.selector ?? ''} ${node.snippet?.slice(0, 80) ?? ''}` : '(none)';
}

/** The median run by Performance score (Lighthouse's own advice for noisy figures). */
function median(all: Figures[]): Figures {
  return [...all].sort((a, b) => a.scores[0]! - b.scores[0]!)[Math.floor(all.length / 2)]!;
}

async function main(): Promise<void> {
  // A relative --web-dist is read from where npm was run (`npm run -w` moves into bench/).
  const env: Record<string, string> = webDist
    ? { WEB_DIST: path.resolve(process.env.INIT_CWD ?? process.cwd(), webDist) }
    : {};
  console.log(`bench/lighthouse — ${machine()}`);
  console.log(`  web client: ${env.WEB_DIST ?? 'apps/web/dist'}; ${runs} run(s) per page, median`);
  const station = await startStation(env);
  const chromium = await startChromium();
  try {
    await signup(station, LISTENER);
    const found = (await fetch(`${station.baseUrl}/api/search?q=protected`).then((r) =>
      r.json(),
    )) as { songs: { song: { id: number } }[] };
    const song = found.songs[0]?.song;
    if (!song) throw new Error('the demo library has no "Protected Mode"');
    const pages = ['/', `/song/${song.id}`, '/artists/A', '/search?q=raster', `/user/${LISTENER}`];
    const header = `  ${'page'.padEnd(18)} ${'perf'.padStart(4)} ${'a11y'.padStart(4)} ${'best'.padStart(4)} ${'seo'.padStart(4)} ${'CLS'.padStart(6)} ${'LCP s'.padStart(6)} ${'FCP s'.padStart(6)} ${'TBT ms'.padStart(7)}`;
    const notes: string[] = [];
    const lcps: string[] = [];
    for (const preset of presets) {
      console.log(`\n${preset}${preset === 'mobile' ? ' (simulated slow 4G, 4× CPU)' : ''}`);
      console.log(header);
      for (const page of pages) {
        const all: Figures[] = [];
        for (let i = 0; i < runs; i++)
          all.push(await audit(station.baseUrl + page, chromium.port, preset));
        const f = median(all);
        console.log(
          `  ${page.padEnd(18)} ${f.scores.map((s) => String(s).padStart(4)).join(' ')} ` +
            `${f.cls.toFixed(3).padStart(6)} ${(f.lcpMs / 1000).toFixed(2).padStart(6)} ` +
            `${(f.fcpMs / 1000).toFixed(2).padStart(6)} ${f.tbtMs.toFixed(0).padStart(7)}`,
        );
        notes.push(...f.failing.map((t) => `${preset} ${page}: ${t}`));
        lcps.push(`${preset} ${page}: ${f.lcpElement}`);
      }
    }
    console.log('\n  targets (mobile): perf ≥ 95, a11y / best / seo 100, CLS ≤ 0.02, LCP ≤ 2.0 s');
    console.log(`\n  LCP elements:\n${lcps.map((n) => `    ${n}`).join('\n')}`);
    if (notes.length)
      console.log(`\n  audits below 1:\n${[...new Set(notes)].map((n) => `    ${n}`).join('\n')}`);
  } finally {
    chromium.stop();
    await station.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
