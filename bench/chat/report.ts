/** The chat bench's figures: one block per phase as it ends, one table at the end. */

export interface PhaseResult {
  name: string;
  accepted: number;
  tooFast: number;
  otherAnswers: string;
  errors: number;
  answerP50: number;
  answerP99: number;
  accountWaitS: number;
  lateSends: number;
  armedSockets: number;
  openSockets: number;
  deliveries: number;
  undelivered: number;
  incompleteMessages: number;
  deliveredPerS: number;
  otherCpu: number;
  ffmpegCpu: number;
  postgresCpu: number;
  p50: number;
  p99: number;
  max: number;
  lastDeliveryS: number;
  meanBySecond: number[];
  serverCpuPosting: number;
  serverCpuWithDrain: number;
  serverRss: number;
  genCpuPosting: number;
  clientsCpu: number;
  genRss: number;
  unreadable: number;
}

/** What the run was: the figures are read against it. */
export interface RunConditions {
  engine: string;
  listeners: number;
  posters: number;
  seconds: number;
  /** Posts/s in all when paced; 0 in a closed loop. */
  rate: number;
  drainS: number;
}

export const fmt = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(ms < 10 ? 1 : 0) : '-');

export function printPhase(r: PhaseResult, run: RunConditions): void {
  const { seconds, rate, drainS, engine } = run;
  const perS = (x: number) => (x / seconds).toFixed(1);
  console.log(
    `  posts answered: 200×${r.accepted} (${perS(r.accepted)}/s), 429×${r.tooFast} (${perS(r.tooFast)}/s)` +
      `${r.otherAnswers ? `, ${r.otherAnswers}` : ''}, failed ${r.errors}; ` +
      `answer p50 ${fmt(r.answerP50)} / p99 ${fmt(r.answerP99)} ms` +
      (r.accountWaitS > 0
        ? `; posters waited ${r.accountWaitS.toFixed(1)} s in all for an account with room`
        : '') +
      (rate > 0 ? `; ${r.lateSends} posts over a slot late` : ''),
  );
  console.log(
    `  delivered ${r.deliveries} of ${r.accepted * r.armedSockets} (${r.accepted} messages × ` +
      `${r.armedSockets} sockets), the last ${r.lastDeliveryS.toFixed(1)} s after the start: ` +
      `${r.deliveredPerS.toFixed(1)} messages/s to every socket; not delivered ${drainS} s after the ` +
      `last post: ${r.undelivered} (${r.incompleteMessages} messages not at every socket); ` +
      `${r.armedSockets - r.openSockets} sockets closed during the phase` +
      (r.unreadable > 0 ? `; ${r.unreadable} unreadable` : ''),
  );
  console.log(
    `  latency (receive − POST sent): p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, max ${fmt(r.max)} ms; ` +
      `mean by second sent: ${r.meanBySecond.map((m) => (Number.isFinite(m) ? m.toFixed(0) : '-')).join(' ')}`,
  );
  console.log(
    `  server: CPU ${r.serverCpuPosting.toFixed(0)}% of one core while posting ` +
      `(${r.serverCpuWithDrain.toFixed(0)}% to the end of the drain), RSS ${r.serverRss.toFixed(0)} MiB; ` +
      `load generator: posters ${r.genCpuPosting.toFixed(0)}%, clients ${r.clientsCpu.toFixed(0)}% of one core, ` +
      `RSS ${r.genRss.toFixed(0)} MiB; over the phase and drain, the station's ffmpeg ` +
      `${r.ffmpegCpu.toFixed(0)}%, ` +
      (engine === 'postgres' ? `PostgreSQL ${r.postgresCpu.toFixed(1)}%, ` : '') +
      `the rest of the machine (anything else running) ${r.otherCpu.toFixed(0)}%`,
  );
}

export function printSummary(results: PhaseResult[], run: Omit<RunConditions, 'drainS'>): void {
  const { engine, listeners, posters, seconds, rate } = run;
  const columns: [string, (r: PhaseResult) => string][] = [
    ['phase', (r) => r.name],
    ['accepted/s', (r) => (r.accepted / seconds).toFixed(1)],
    ['delivered/s', (r) => r.deliveredPerS.toFixed(1)],
    ['429/s', (r) => (r.tooFast / seconds).toFixed(1)],
    ['p50 ms', (r) => fmt(r.p50)],
    ['p99 ms', (r) => fmt(r.p99)],
    ['max ms', (r) => fmt(r.max)],
    ['undelivered', (r) => String(r.undelivered)],
    ['server CPU %', (r) => r.serverCpuPosting.toFixed(0)],
    ['server RSS MiB', (r) => r.serverRss.toFixed(0)],
    ['load gen CPU %', (r) => (r.genCpuPosting + r.clientsCpu).toFixed(0)],
    ...(engine === 'postgres'
      ? ([['postgres CPU %', (r) => r.postgresCpu.toFixed(1)]] as typeof columns)
      : []),
    ['other CPU %', (r) => r.otherCpu.toFixed(0)],
  ];
  console.log(
    `\n${engine}, ${listeners} listeners, ${posters} posters, ${seconds} s` +
      `${rate > 0 ? `, paced to ${rate}/s` : ', closed loop'}`,
  );
  console.log(
    columns.map(([h], i) => (i === 0 ? h.padEnd(14) : h.padStart(Math.max(7, h.length)))).join(' '),
  );
  for (const r of results) {
    console.log(
      columns
        .map(([h, f], i) => (i === 0 ? f(r).padEnd(14) : f(r).padStart(Math.max(7, h.length))))
        .join(' '),
    );
  }
}
