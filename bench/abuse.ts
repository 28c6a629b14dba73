/**
 * bench/abuse: the station under a stranger's floods, one after another, each beside a normal
 * listener (bench/abuse/probe.ts). For each flood: what the attacker got, the listener's page
 * and live update p50/p99 during it, and the server's RSS before, at its peak and after. The
 * first row is the same listener with no flood: the reference for the rest.
 *
 * Run against a station it starts (the built server, demo library, default limits, and
 * TRUST_PROXY=127.0.0.1 so that each flood can come from addresses of its choosing):
 *   npm run abuse -w bench -- [--seconds 10] [--floods signup,login,refresh,slow-mp3,many]
 * or against a running one (started with TRUST_PROXY naming this machine):
 *   npm run abuse -w bench -- --url http://127.0.0.1:8080 --pid <server pid>
 */
import { percentile } from './support/load.js';
import { machine, parseArgs, rssMiB, sleep } from './support/processes.js';
import { startStation, type RunningStation } from './support/station.js';
import {
  freshAddress,
  loginManyAddresses,
  loginOneAddress,
  manyFromOneAddress,
  signupManyAddresses,
  signupOneAddress,
  slowMp3Readers,
  socketRefresh,
  type Flood,
  type Target,
} from './abuse/floods.js';
import { ListenerProbe, type ProbeFigures } from './abuse/probe.js';

const args = parseArgs();
const seconds = Number(args.get('seconds') ?? 10);
const groups: Record<string, Flood[]> = {
  signup: [signupOneAddress, signupManyAddresses],
  login: [loginOneAddress, loginManyAddresses],
  refresh: [socketRefresh],
  'slow-mp3': [slowMp3Readers],
  many: [manyFromOneAddress],
};
const chosen = (args.get('floods') ?? Object.keys(groups).join(',')).split(',');
for (const name of chosen) if (!groups[name]) throw new Error(`unknown flood: ${name}`);

let station: RunningStation | null = null;
let baseUrl = args.get('url');
let pid = args.get('pid') ? Number(args.get('pid')) : null;
if (!baseUrl) {
  station = await startStation({ TRUST_PROXY: '127.0.0.1', SIGNUP_PER_HOUR: '10' });
  baseUrl = station.baseUrl;
  pid = station.pid;
}
const wsUrl = `${baseUrl.replace(/^http/, 'ws')}/ws`;
const rss = () => (pid === null ? Number.NaN : rssMiB(pid));

async function signup(username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`signup ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

try {
  const owner = { username: `owner_${process.pid}`, password: 'owner-password' };
  await signup(owner.username, owner.password);
  const accounts = [];
  for (let i = 0; i < 10; i++) {
    accounts.push({ token: await signup(`probe_${process.pid}_${i}`, 'probe-password') });
  }
  const probe = await ListenerProbe.open(baseUrl, wsUrl, accounts, freshAddress());
  const target: Target = { baseUrl, wsUrl, seconds, owner };

  console.log(`bench/abuse — ${machine()}`);
  console.log(
    `server ${baseUrl}${station ? ' (started here: SQLite, demo library, default limits)' : ''}; ` +
      `each flood ${seconds} s (slow MP3 readers: until dropped, 40 s at most)`,
  );
  console.log(
    'listener beside the flood: the queue page (HTML + recent comments) every 200 ms; a chat ' +
      'line every 400 ms, timed until it arrives on its own socket\n',
  );
  const rows: string[][] = [
    [
      'flood',
      'page p50/p99 ms',
      'live p50/p99 ms (lost)',
      'RSS before/peak/after MiB',
      'the attacker got',
    ],
  ];

  const measure = async (name: string, work: () => Promise<string>) => {
    await sleep(2000);
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 200);
    probe.start();
    const outcome = await work();
    const figures: ProbeFigures = await probe.stop();
    clearInterval(sampler);
    await sleep(2000);
    const after = rss();
    const ms = (v: number[], p: number) => percentile(v, p).toFixed(0);
    rows.push([
      name,
      `${ms(figures.page, 50)}/${ms(figures.page, 99)}` +
        (figures.pageErrors ? ` (${figures.pageErrors} failed)` : ''),
      `${ms(figures.live, 50)}/${ms(figures.live, 99)} (${figures.liveLost})`,
      `${before.toFixed(0)}/${peak.toFixed(0)}/${after.toFixed(0)}`,
      outcome,
    ]);
    console.log(rows.at(-1)!.join(' | '));
  };

  console.log(rows[0]!.join(' | '));
  await measure('none (reference)', async () => {
    await sleep(seconds * 1000);
    return '-';
  });
  for (const name of chosen) {
    for (const flood of groups[name]!) await measure(flood.name, () => flood.run(target));
  }
  probe.close();
} finally {
  await station?.stop();
}
