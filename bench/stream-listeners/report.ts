/** The figures bench/stream-listeners prints: each round's summary and the final table. */
import type { Span } from './same-music.js';

export interface Result {
  side: string;
  listeners: number;
  connected: number;
  failed: number;
  dropped: number;
  underrunClients: number;
  underrunEvents: number;
  windowBytes: number;
  kBpsPerListener: number;
  /** The serving processes: Queuecast's server and its MP3 listener process, or the server. */
  cpu: number;
  /**
   * The server process's (the one the listeners connect to) RSS over the window: the mean of
   * one reading a second, the highest, the last.
   */
  rss: number;
  rssPeak: number;
  rssEnd: number;
  /** The process holding the listeners' sockets: Queuecast's MP3 listener process. */
  listenersRss: number;
  /** Every process of the side: % of one core, and by part. */
  sideCpu: number;
  cpuParts: Map<string, number>;
  sidePss: number;
  pssParts: Map<string, number>;
  loadGenCpu: number;
  rampS: number;
  /** The window, and how late it began after its planned start (Icecast's, to match the music). */
  span: Span;
  lateS: number;
  /** The music the side encoded in the window. */
  music?: string;
}

export interface Idle {
  cpu: number;
  sideCpu: number;
  parts: Map<string, number>;
  span: Span;
  lateS: number;
  music?: string;
}

export interface Targets {
  noUnderrunsAt: number;
  cpuRatio: number;
  rssRatio: number;
  rssAt: number;
}

export const showParts = (parts: Map<string, number>, unit: string, digits: number) =>
  [...parts]
    .filter(([, v]) => Math.abs(v) >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v.toFixed(digits)}${unit}`)
    .join(', ');

export function summary(r: Result): string {
  return (
    `${r.side} N=${r.listeners}: ${r.connected} connected in ${r.rampS.toFixed(1)} s ` +
    `(${r.failed} failed, ${r.dropped} dropped); ` +
    `underruns ${r.underrunEvents} in ${r.underrunClients} listeners; ` +
    `${(r.windowBytes / 1e6).toFixed(1)} MB received in the window, ` +
    `${r.kBpsPerListener.toFixed(1)} kB/s per listener; server CPU ${r.cpu.toFixed(1)}% of a core, ` +
    `RSS ${r.rss.toFixed(0)} MiB, peak ${r.rssPeak.toFixed(0)}, at the end ${r.rssEnd.toFixed(0)} (listeners' process ${r.listenersRss.toFixed(0)}); load generator CPU ${r.loadGenCpu.toFixed(0)}%\n` +
    `    whole side CPU ${r.sideCpu.toFixed(1)}% (${showParts(r.cpuParts, '%', 1)}); ` +
    `PSS ${r.sidePss.toFixed(0)} MiB (${showParts(r.pssParts, ' MiB', 0)})` +
    (r.music ? `\n    music: ${r.music}` : '')
  );
}

export function printReport(
  results: Result[],
  idle: Map<string, Idle>,
  listenerCounts: number[],
  targets: Targets,
): void {
  const columns: [string, (r: Result) => string | number][] = [
    ['listeners', (r) => r.listeners],
    ['server', (r) => r.side],
    ['connected', (r) => r.connected],
    ['failed', (r) => r.failed],
    ['dropped', (r) => r.dropped],
    ['underrun listeners', (r) => r.underrunClients],
    ['underruns', (r) => r.underrunEvents],
    ['kB/s each', (r) => r.kBpsPerListener.toFixed(1)],
    ['server CPU %', (r) => r.cpu.toFixed(1)],
    ['source CPU %', (r) => (r.sideCpu - r.cpu).toFixed(1)],
    ['side CPU %', (r) => r.sideCpu.toFixed(1)],
    ['server RSS MiB', (r) => r.rss.toFixed(0)],
    ['server RSS peak', (r) => r.rssPeak.toFixed(0)],
    ['server RSS end', (r) => r.rssEnd.toFixed(0)],
    ['listeners RSS MiB', (r) => r.listenersRss.toFixed(0)],
    ['side PSS MiB', (r) => r.sidePss.toFixed(0)],
    ['loadgen CPU %', (r) => r.loadGenCpu.toFixed(0)],
  ];
  console.log(`\n${columns.map(([h]) => h.padStart(10)).join(' ')}`);
  for (const n of listenerCounts) {
    for (const r of results.filter((x) => x.listeners === n)) {
      console.log(columns.map(([h, f]) => String(f(r)).padStart(Math.max(10, h.length))).join(' '));
    }
  }
  for (const [name, i] of idle) {
    console.log(
      `idle (no listeners) ${name}: server ${i.cpu.toFixed(1)}%, source ${(i.sideCpu - i.cpu).toFixed(1)}%, ` +
        `side ${i.sideCpu.toFixed(1)}%`,
    );
  }
  console.log(
    "(server CPU: the processes serving the listeners, Queuecast's server (with its playout " +
      'clock) and its MP3 listener process; server RSS: the process the listeners connect to, ' +
      'the mean of a reading every second of the window, the highest and the last reading; ' +
      "listeners RSS: the one holding their sockets; source: Queuecast's ffmpeg decoders and " +
      "encoder, Icecast's ffmpeg source; side: all of them)",
  );

  const ours = results.find((r) => r.side === 'queuecast' && r.listeners === targets.noUnderrunsAt);
  if (ours) {
    const met = ours.underrunEvents === 0 && ours.dropped === 0 && ours.failed === 0;
    console.log(
      `target: no underruns at ${targets.noUnderrunsAt} listeners (Queuecast) — ${met ? 'met' : 'NOT met'} ` +
        `(${ours.underrunEvents} underruns in ${ours.underrunClients} listeners, ${ours.dropped} dropped, ${ours.failed} failed)`,
    );
  }
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
  for (const n of listenerCounts) {
    const q = results.find((r) => r.side === 'queuecast' && r.listeners === n);
    const i = results.find((r) => r.side === 'icecast' && r.listeners === n);
    if (!q || !i) continue;
    const qIdle = idle.get('queuecast')?.cpu ?? 0;
    const iIdle = idle.get('icecast')?.cpu ?? 0;
    console.log(
      `target: Queuecast CPU <= ${targets.cpuRatio}x Icecast's at ${n}, whole sides — ` +
        `${q.sideCpu / i.sideCpu <= targets.cpuRatio ? 'met' : 'NOT met'} ` +
        `(${q.sideCpu.toFixed(1)}% vs ${i.sideCpu.toFixed(1)}%, ${ratio(q.sideCpu, i.sideCpu)}); ` +
        `serving process alone ${q.cpu.toFixed(1)}% vs ${i.cpu.toFixed(1)}%, ${ratio(q.cpu, i.cpu)}; ` +
        `its CPU above idle ${(q.cpu - qIdle).toFixed(1)}% vs ${(i.cpu - iIdle).toFixed(1)}%, ` +
        `${ratio(q.cpu - qIdle, i.cpu - iIdle)}`,
    );
  }
  const atRss = (side: string) =>
    results.find((r) => r.side === side && r.listeners === targets.rssAt);
  const [qRss, iRss, fRss] = [atRss('queuecast'), atRss('icecast'), atRss('node floor')];
  if (qRss && iRss) {
    const verdict = (mine: number) =>
      `${mine / iRss.rss <= targets.rssRatio ? 'met' : 'NOT met'} ` +
      `(${mine.toFixed(0)} vs ${iRss.rss.toFixed(0)} MiB, ${ratio(mine, iRss.rss)})`;
    console.log(
      `target: RSS <= ${targets.rssRatio}x Icecast's at ${targets.rssAt} listeners\n` +
        `  the process holding the listeners' sockets: ${verdict(qRss.listenersRss)}\n` +
        `  Queuecast's server process (API, site, playout), whatever holds the sockets: ` +
        `over the window ${verdict(qRss.rss)}; at its end ${verdict(qRss.rssEnd)} ` +
        `(peak ${qRss.rssPeak.toFixed(0)})\n` +
        `  whole sides' PSS ${qRss.sidePss.toFixed(0)} vs ${iRss.sidePss.toFixed(0)} MiB` +
        (fRss ? `; the Node floor ${fRss.rss.toFixed(0)} MiB, ${ratio(fRss.rss, iRss.rss)}` : ''),
    );
  }
}
