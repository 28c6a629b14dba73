/**
 * bench/chat: how many chat messages per second the server takes from `--posters` posting
 * listeners (`POST /api/oneliner`) while `--listeners` /ws sockets receive every one, and how
 * long each delivery takes (receive time at a socket minus the time the POST was sent, both on
 * performance.timeOrigin + performance.now(), one clock for every process of the machine; the
 * time sent travels in the message text, `qcbench:<phase>:<number>:<ms>`). Two phases, each
 * `--seconds` long: the station's rules (one account per poster, 429s counted apart), then many
 * accounts per poster, none over the rule. The method, and what limits the figures, is in
 * bench/README.md ("chat"). The server is the built one (`npm run build` first).
 *
 * Run: npm run chat -w bench -- [--listeners 5000] [--posters 50] [--seconds 20]
 *        [--db sqlite|postgres] [--rate R] [--accounts 10] [--phases rules,accounts]
 *        [--bytes 100] [--workers 2] [--in-flight 100] [--drain-s 30] [--fanout auto|N]
 */
import { fileURLToPath } from 'node:url';
import { FIXED_LIMITS } from '../apps/server/src/core/rate-limits.js';
import type { FromClients, PhaseReport, ToClients } from './chat/clients.js';
import { expect, startClientProcess, type ClientProcess } from './support/client-processes.js';
import { percentile } from './support/load.js';
import {
  machine,
  cpuOfCommand,
  cpuSince,
  machineBusyS,
  parseArgs,
  rssMiB,
  serverCpu,
  serverPids,
  sleep,
  stopManaged,
  sum,
} from './support/processes.js';
import { printPhase, printSummary, type PhaseResult } from './chat/report.js';
import { signup, startStation, waitIdle } from './support/station.js';

/** The chat's limit: this many messages per window from one account. */
const { max: ONELINER_BURST, windowMs: ONELINER_WINDOW_MS } = FIXED_LIMITS.chat;

const args = parseArgs();
const listeners = Number(args.get('listeners') || 5000);
const posters = Number(args.get('posters') || 50);
const seconds = Number(args.get('seconds') || 20);
const engine = args.get('db') || 'sqlite';
const rate = Number(args.get('rate') || 0);
const phases = (args.get('phases') || 'rules,accounts').split(',');
const messageBytes = Number(args.get('bytes') || 100);
const workerCount = Number(args.get('workers') || 2);
const inFlight = Number(args.get('in-flight') || 100);
const drainS = Number(args.get('drain-s') || 30);
const fanout = args.get('fanout') || 'auto';
/** Accounts per poster in the accounts phase: 10 by default, more when --rate asks for more. */
const perPosterLimit = ONELINER_BURST / (ONELINER_WINDOW_MS / 1000); // msg/s one account may post
const accountsPerPoster = Number(
  args.get('accounts') || Math.max(10, Math.ceil((rate / posters / perPosterLimit) * 1.5)),
);
/** Margin on the server's window: an account's 6th post waits this much past its 1st's answer. */
const WINDOW_MARGIN_MS = 100;
const CLIENTS_FILE = fileURLToPath(new URL('./chat/clients.ts', import.meta.url));

if (engine !== 'sqlite' && engine !== 'postgres') throw new Error(`--db sqlite|postgres`);
for (const phase of phases) {
  if (phase !== 'rules' && phase !== 'accounts') throw new Error(`--phases rules,accounts`);
}

const now = () => performance.timeOrigin + performance.now();
const run = { engine, listeners, posters, seconds, rate, drainS };

interface Account {
  token: string;
  /** When its last accepted posts were answered (at most ONELINER_BURST). */
  answered: number[];
}

// --- the server --------------------------------------------------------------------------------

let database: { databaseUrl: string | undefined; drop(): Promise<void> } | undefined;
if (engine === 'postgres') {
  // The server tests' helper: a fresh database on TEST_PG_URL's server, dropped at the end
  // (an interrupted run leaves its qc_test_* database behind).
  process.env.TEST_DB = 'postgres';
  const { createTestDatabase } = await import('../apps/server/test/helpers/test-db.js');
  database = await createTestDatabase();
}
const station = await startStation({
  LIVE_FANOUT_PROCESSES: fanout,
  // Every socket connects from 127.0.0.1: the cap per address is lifted for them.
  LIVE_MAX_SOCKETS_PER_IP: String(listeners + 1000),
  ...(database?.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
});

async function post(account: Account, text: string) {
  const res = await fetch(`${station.baseUrl}/api/oneliner`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ message: text }),
  });
  const body = await res.text();
  return { status: res.status, body };
}

async function signUpAll(names: string[]): Promise<Account[]> {
  const accounts: Account[] = new Array<Account>(names.length);
  let next = 0;
  // A few at a time: each sign-up is an argon2id hash on the server's thread pool.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < names.length) {
        const i = next++;
        const token = await signup(station, names[i]!);
        // The first authenticated call marks the listener active and broadcasts the playback
        // update: made here, before any socket is open, so it is not in the figures.
        const me = await fetch(`${station.baseUrl}/api/user/me`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await me.arrayBuffer();
        if (!me.ok) throw new Error(`GET /api/user/me: ${me.status}`);
        accounts[i] = { token, answered: [] };
      }
    }),
  );
  return accounts;
}

// --- the phases --------------------------------------------------------------------------------

type Workers = ClientProcess<FromClients, ToClients>[];

async function runPhase(
  n: number,
  name: string,
  accounts: Account[][],
  keepWithinRules: boolean,
  workers: Workers,
): Promise<PhaseResult> {
  const startAt = now() + 200;
  workers.forEach((w) => w.send({ type: 'arm', phase: n, startAt }));
  await Promise.all(workers.map((w) => expect(w, 'armed')));
  await sleep(Math.max(0, startAt - now()));
  const endAt = startAt + seconds * 1000;
  const pids = serverPids(station.pid);
  const cpu0 = serverCpu(pids);
  const gen0 = process.cpuUsage();
  const busy0 = machineBusyS();
  const ffmpeg0 = cpuOfCommand('ffmpeg');
  const postgres0 = cpuOfCommand('postgres');

  const accepted: number[] = [];
  const answerMs: number[] = [];
  const codes = new Map<number, number>();
  let errors = 0;
  let nextId = 0;
  let accountWaitMs = 0;
  let lateSends = 0;
  const intervalMs = rate > 0 ? (posters / rate) * 1000 : 0;

  await Promise.all(
    accounts.map(async (own, p) => {
      let slot = startAt + (p / posters) * intervalMs;
      let turn = 0;
      while (now() < endAt) {
        if (intervalMs > 0) {
          if (slot >= endAt) break;
          if (now() < slot) await sleep(slot - now());
          else if (now() > slot + intervalMs) lateSends++;
          slot += intervalMs;
        }
        const account = own[turn++ % own.length]!;
        if (keepWithinRules && account.answered.length >= ONELINER_BURST) {
          const roomAt = account.answered[0]! + ONELINER_WINDOW_MS + WINDOW_MARGIN_MS;
          if (roomAt > now()) {
            const wait = Math.min(roomAt, endAt) - now();
            accountWaitMs += wait;
            await sleep(wait);
            if (now() >= endAt) break;
          }
        }
        const id = nextId++;
        const sentAt = now();
        const text = `qcbench:${n}:${id}:${sentAt.toFixed(1)} `.padEnd(messageBytes, 'x');
        try {
          const { status, body } = await post(account, text);
          const answeredAt = now();
          answerMs.push(answeredAt - sentAt);
          codes.set(status, (codes.get(status) ?? 0) + 1);
          if (status === 200) {
            accepted.push(id);
            account.answered.push(answeredAt);
            if (account.answered.length > ONELINER_BURST) account.answered.shift();
          } else if (status === 429) {
            const retryS = Number((JSON.parse(body) as { retry_after?: number }).retry_after ?? 1);
            await sleep(Math.min(endAt - now(), retryS * 1000));
          } else if (status >= 500) errors++;
        } catch {
          errors++;
        }
      }
    }),
  );
  const postedAt = now();
  const cpuPosted = serverCpu(pids);
  const genPosted = process.cpuUsage(gen0);
  const serverRss = sum(serverPids(station.pid), rssMiB);
  const genRss =
    process.memoryUsage().rss / 2 ** 20 +
    sum(
      workers.map((w) => w.child.pid!),
      rssMiB,
    );

  workers.forEach((w) => w.send({ type: 'collect', accepted, timeoutMs: drainS * 1000 }));
  const reports: PhaseReport[] = await Promise.all(workers.map((w) => expect(w, 'phase')));
  const drainedAt = now();
  const cpuDrained = serverCpu(pids);
  const genDrained = process.cpuUsage(gen0);
  const busyDrained = machineBusyS();
  const ffmpegS = cpuSince(ffmpeg0, cpuOfCommand('ffmpeg'));
  const postgresS = cpuSince(postgres0, cpuOfCommand('postgres'));

  // Deliveries and losses over all client processes.
  const armedSockets = reports.reduce((s, r) => s + r.armedSockets, 0);
  let deliveries = 0;
  let undelivered = 0;
  let incompleteMessages = 0;
  for (const id of accepted) {
    const had = reports.reduce((s, r) => s + (r.counts[id] ?? 0), 0);
    deliveries += had;
    if (had < armedSockets) {
      undelivered += armedSockets - had;
      incompleteMessages++;
    }
  }
  // Latency percentiles from the merged 0.1 ms histogram.
  const histogram = new Map<number, number>();
  for (const r of reports)
    for (const [step, c] of r.histogram) histogram.set(step, (histogram.get(step) ?? 0) + c);
  const steps = [...histogram].sort((a, b) => a[0] - b[0]);
  const total = steps.reduce((s, [, c]) => s + c, 0);
  const at = (p: number) => {
    let seen = 0;
    for (const [step, c] of steps) {
      seen += c;
      if (seen > (p / 100) * total) return step / 10;
    }
    return Number.NaN;
  };
  const bySecond = Array.from({ length: seconds }, (_, s) => {
    const n = reports.reduce((t, r) => t + (r.bySecond[s]?.n ?? 0), 0);
    const summed = reports.reduce((t, r) => t + (r.bySecond[s]?.sum ?? 0), 0);
    return n > 0 ? summed / n : Number.NaN;
  });
  const lastReceiveAt = Math.max(...reports.map((r) => r.lastReceiveAt));
  const answers = [...codes]
    .filter(([code]) => code !== 200 && code !== 429)
    .map(([code, c]) => `${code}×${c}`)
    .join(' ');
  return {
    name,
    accepted: accepted.length,
    tooFast: codes.get(429) ?? 0,
    otherAnswers: answers,
    errors,
    answerP50: percentile(answerMs, 50),
    answerP99: percentile(answerMs, 99),
    accountWaitS: accountWaitMs / 1000,
    lateSends,
    armedSockets,
    openSockets: reports.reduce((s, r) => s + r.openSockets, 0),
    deliveries,
    undelivered,
    incompleteMessages,
    // Messages that reached every socket per second, over the phase or up to the last delivery.
    deliveredPerS:
      deliveries / Math.max(1, armedSockets) / Math.max(seconds, (lastReceiveAt - startAt) / 1000),
    ffmpegCpu: (ffmpegS / ((drainedAt - startAt) / 1000)) * 100,
    postgresCpu: (postgresS / ((drainedAt - startAt) / 1000)) * 100,
    // The rest of the machine (anything else running) over the phase and its drain.
    otherCpu:
      ((busyDrained -
        busy0 -
        (cpuDrained.cpuS - cpu0.cpuS) -
        ffmpegS -
        postgresS -
        (genDrained.user + genDrained.system) / 1e6 -
        reports.reduce((s, r) => s + r.cpuMs, 0) / 1000) /
        ((drainedAt - startAt) / 1000)) *
      100,
    p50: at(50),
    p99: at(99),
    max: steps.length > 0 ? steps.at(-1)![0] / 10 : Number.NaN,
    lastDeliveryS: lastReceiveAt > 0 ? (lastReceiveAt - startAt) / 1000 : Number.NaN,
    meanBySecond: bySecond,
    serverCpuPosting: ((cpuPosted.cpuS - cpu0.cpuS) / ((postedAt - startAt) / 1000)) * 100,
    serverCpuWithDrain: ((cpuDrained.cpuS - cpu0.cpuS) / ((drainedAt - startAt) / 1000)) * 100,
    serverRss,
    genCpuPosting: ((genPosted.user + genPosted.system) / 1000 / (postedAt - startAt)) * 100,
    clientsCpu: (reports.reduce((s, r) => s + r.cpuMs, 0) / (drainedAt - startAt)) * 100,
    genRss,
    unreadable: reports.reduce((s, r) => s + r.unreadable, 0),
  };
}

// --- the run -----------------------------------------------------------------------------------

const workers: Workers = [];
const results: PhaseResult[] = [];
try {
  console.log(
    `bench/chat — ${machine()}\n` +
      `  engine ${engine}${database?.databaseUrl ? ` (${new URL(database.databaseUrl).host})` : ''}; ` +
      `${listeners} listeners on /ws over ${workerCount} client processes (minimal WebSocket clients on raw sockets); ` +
      `${posters} posters, ${rate > 0 ? `paced to ${rate} posts/s in all` : 'one post in flight each (closed loop)'}; ` +
      `${seconds} s per phase, messages of ${messageBytes} characters; ` +
      `server LIVE_FANOUT_PROCESSES ${fanout}, ${serverPids(station.pid).length} processes\n` +
      `  the load generator (this process and the client processes) runs on the same cores as the server`,
  );
  const t0 = performance.now();
  const rulesAccounts = phases.includes('rules')
    ? await signUpAll(Array.from({ length: posters }, (_, p) => `chat_r${p}`))
    : [];
  const manyAccounts = phases.includes('accounts')
    ? await signUpAll(Array.from({ length: posters * accountsPerPoster }, (_, i) => `chat_a${i}`))
    : [];
  console.log(
    `  ${rulesAccounts.length + manyAccounts.length} accounts signed up and seen in ` +
      `${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  for (let w = 0; w < Math.min(workerCount, listeners); w++) {
    workers.push(startClientProcess<FromClients, ToClients>(CLIENTS_FILE));
  }
  workers.forEach((w, i) =>
    w.send({
      type: 'connect',
      url: station.wsUrl,
      count: Math.floor(listeners / workers.length) + (i < listeners % workers.length ? 1 : 0),
      inFlight,
    }),
  );
  const ready = await Promise.all(workers.map((w) => expect(w, 'ready')));
  const idle0 = serverCpu(serverPids(station.pid));
  await sleep(3000);
  const idle1 = serverCpu(serverPids(station.pid));
  console.log(
    `  connected ${ready.reduce((s, r) => s + r.opened, 0)} of ${listeners} sockets ` +
      `(${ready.reduce((s, r) => s + r.failed, 0)} failed) in ` +
      `${(Math.max(...ready.map((r) => r.connectMs)) / 1000).toFixed(1)} s; server idle with them: ` +
      `CPU ${(((idle1.cpuS - idle0.cpuS) / 3) * 100).toFixed(0)}% of one core, ` +
      `RSS ${sum(serverPids(station.pid), rssMiB).toFixed(0)} MiB`,
  );

  let n = 0;
  if (phases.includes('rules')) {
    console.log(
      `\nstation rules: ${posters} posters, one account each (${ONELINER_BURST} messages per ` +
        `${ONELINER_WINDOW_MS / 1000} s: at most ${((posters * ONELINER_BURST) / (ONELINER_WINDOW_MS / 1000)).toFixed(0)} msg/s accepted); ` +
        `a 429 waits its retry_after`,
    );
    const r = await runPhase(
      ++n,
      'station rules',
      rulesAccounts.map((a) => [a]),
      false,
      workers,
    );
    printPhase(r, run);
    results.push(r);
    if (phases.includes('accounts')) await waitIdle(station.pid);
  }
  if (phases.includes('accounts')) {
    console.log(
      `\nmany accounts: ${posters} posters, ${accountsPerPoster} accounts each, none over the ` +
        `station's rule (ceiling ${(posters * accountsPerPoster * perPosterLimit).toFixed(0)} msg/s)`,
    );
    const own = Array.from({ length: posters }, (_, p) =>
      manyAccounts.slice(p * accountsPerPoster, (p + 1) * accountsPerPoster),
    );
    const r = await runPhase(++n, 'many accounts', own, true, workers);
    printPhase(r, run);
    results.push(r);
  }
} finally {
  workers.forEach((w) => w.send({ type: 'close' }));
  await Promise.all(workers.map((w) => expect(w, 'closed').catch(() => undefined)));
  await Promise.all(workers.map((w) => stopManaged(w.child, 5000)));
  await station.stop();
  await database?.drop();
}

printSummary(results, run);
