/**
 * bench/playout-peer: what one station with no listeners costs the machine, Queuecast against
 * the same station on Liquidsoap feeding Icecast (AzuraCast's engine), both running at once
 * and measured over the same window.
 *
 * Queuecast: the built server with the demo library (its process, which runs the playout
 * clock, plus its ffmpeg children: the track's decoders and the encoder making MP3 128 kb/s
 * and HLS AAC 128 kb/s). The peer: Liquidsoap playing the same demo tunes (made by the
 * server's own demo maker) in a playlist, to an Icecast mount as MP3 128 kb/s and to an HLS
 * folder as AAC 128 kb/s, 2 s segments; Icecast and Liquidsoap run as nobody. Each side's CPU
 * is utime + stime of every process in its trees (with children that ended meanwhile), over
 * `--seconds` after `--settle`. Memory is the mean of samples every 5 s over that window: PSS
 * (shared pages divided among the processes that map them, so each ffmpeg's libraries are not
 * counted in full every time), RSS of the whole tree, and the tree as if alone on the machine
 * (playout-peer/memory.ts).
 *
 * An audience may be put in front of both (`--listeners N`: MP3 listeners reading each side's
 * MP3 stream; `--visitor 1`: one page open on Queuecast, its /ws socket). A third side, the
 * encoder-only floor (`--floor 1`, playout-peer/floor.ts), is ffmpeg alone making the same two
 * outputs from PCM: what any station must spend. A fourth, the Node-clock floor (`--node-clock 1`,
 * idle-server/node-clock.ts), is a Node.js process doing nothing but move PCM from an ffmpeg
 * decoder to an ffmpeg encoder making the same outputs: the least a station built as Queuecast
 * is (a Node.js process driving ffmpeg) can hold, so what Queuecast holds beyond it is the
 * station's own.
 *
 * Run: npm run playout-peer -w bench -- [--seconds 60] [--settle 15] [--listeners 0]
 *   [--visitor 0] [--floor 1] [--node-clock 1] [--server main.js] [--server-env KEY=value,...]
 */
import fs from 'node:fs';
import os from 'node:os';
import { startPeerStation } from './playout-peer/liquidsoap.js';
import { makeDemoMusic } from './support/demo-music.js';
import { descendants, machine, parseArgs, removeScratch, sleep } from './support/processes.js';
import { mp3Listeners, siteVisitor, type Audience } from './playout-peer/audience.js';
import { startFloor } from './playout-peer/floor.js';
import { memoryAlone } from './playout-peer/memory.js';
import {
  byCommand,
  sampleTrees,
  treeMemory,
  treePercent,
  type PartOf,
} from './support/proc-tree.js';
import { startNodeClock } from './support/node-clock.js';
import { SERVER_MAIN, startStation } from './support/station.js';

const args = parseArgs();
const seconds = Number(args.get('seconds') ?? 60);
const settle = Number(args.get('settle') ?? 15);
const ffmpeg = args.get('ffmpeg') || process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';
const listeners = Number(args.get('listeners') ?? 0);
const visitor = args.get('visitor') === '1';
const withFloor = (args.get('floor') ?? '1') === '1';
const withNodeClock = (args.get('node-clock') ?? '1') === '1';
/** More of the server's environment, `KEY=value,KEY=value` (LIVE_FANOUT_FROM=0, say). */
const serverEnv = Object.fromEntries(
  (args.get('server-env') ?? '')
    .split(',')
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);

const queuecastParts: PartOf = ({ name, cmdline, root, reaped }) => {
  if (root) return reaped ? 'ffmpeg decoders' : 'server (node)';
  if (name === 'ffmpeg')
    return cmdline.includes('libmp3lame') ? 'ffmpeg encoder' : 'ffmpeg decoders';
  if (name !== 'node') return name;
  return cmdline.includes('mp3-worker') ? 'MP3 listener process' : 'live fan-out (node)';
};
const peerParts: PartOf = ({ name, reaped }) => (reaped ? `${name}'s ended children` : name);

interface Row {
  side: string;
  cpu: number;
  parts: Map<string, number>;
  pss: Map<string, number>;
  rssParts: Map<string, number>;
  alone: number;
  processes: number;
}

interface MemorySample {
  pss: Map<string, number>;
  rssParts: Map<string, number>;
  alone: number;
  processes: number;
}

function sampleMemory(roots: number[], partOf: PartOf): MemorySample {
  return {
    pss: treeMemory(roots, partOf),
    rssParts: treeMemory(roots, partOf, 'Rss'),
    alone: memoryAlone(roots),
    processes: roots.reduce((n, r) => n + 1 + descendants(r).length, 0),
  };
}

function meanMemory(samples: MemorySample[]): MemorySample {
  const meanOf = (pick: (s: MemorySample) => Map<string, number>) => {
    const sum = new Map<string, number>();
    for (const s of samples) for (const [k, v] of pick(s)) sum.set(k, (sum.get(k) ?? 0) + v);
    return new Map([...sum].map(([k, v]) => [k, v / samples.length]));
  };
  return {
    pss: meanOf((s) => s.pss),
    rssParts: meanOf((s) => s.rssParts),
    alone: samples.reduce((a, s) => a + s.alone, 0) / samples.length,
    processes: samples.reduce((a, s) => a + s.processes, 0) / samples.length,
  };
}

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

console.log(
  `bench/playout-peer — ${machine()}\n` +
    `  one station each, ${listeners} MP3 listeners each${
      visitor ? ', one site visitor on ' + 'Queuecast' : ''
    }, all running; CPU over ${seconds} s after ${settle} s`,
);

const station = await startStation(
  { MP3_MAX_PER_IP: '100000', ...serverEnv },
  args.get('server') || SERVER_MAIN,
);
const music = await makeDemoMusic(ffmpeg);
const peer = await startPeerStation({
  icecast: args.get('icecast-bin') || '/usr/bin/icecast2',
  liquidsoap: args.get('liquidsoap') || '/usr/bin/liquidsoap',
  music,
});
const floor = withFloor ? startFloor(ffmpeg, music) : null;
const clock = withNodeClock ? await startNodeClock(ffmpeg, music) : null;
const audiences: Audience[] = [];
try {
  if ('unavailable' in peer) {
    console.log(`PEER NOT RUN: ${peer.unavailable}`);
    process.exitCode = 1;
  } else {
    console.log(
      `  Queuecast: pid ${station.pid}, demo library (${music.files.length} tunes)\n` +
        `  peer: Liquidsoap ${peer.version} (pid ${peer.liquidsoapPid}) playing the same ` +
        `${music.files.length} tunes in a playlist, Icecast 2 (pid ${peer.icecast.pid})\n` +
        `  outputs on both: MP3 128 kb/s 44.1 kHz stereo (Queuecast: its own /stream/live.mp3; ` +
        `peer: an Icecast mount) and HLS AAC 128 kb/s, 2 s segments, 6 listed`,
    );
    const port = Number(new URL(station.baseUrl).port);
    if (listeners > 0) {
      audiences.push(await mp3Listeners(port, '/stream/live.mp3', listeners));
      audiences.push(await mp3Listeners(peer.icecast.port, '/live.mp3', listeners));
    }
    if (visitor) audiences.push(await siteVisitor(station.wsUrl));
    await sleep(settle * 1000);
    const sides: [string, number[], PartOf][] = [
      ['queuecast', [station.pid], queuecastParts],
      ['liquidsoap+icecast', [peer.liquidsoapPid, peer.icecast.pid], peerParts],
      ...(floor ? [['encoder floor', [floor.pid], byCommand] as [string, number[], PartOf]] : []),
      ...(clock
        ? [['Node-clock floor', [clock.pid], byCommand] as [string, number[], PartOf]]
        : []),
    ];
    const load0 = loadavg();
    const before = sides.map(([, roots, partOf]) => sampleTrees(roots, partOf));
    // Memory is the mean of samples every 5 s over the window: a process that runs for part of
    // it (Queuecast's second decoder, near a track's end) counts for that part.
    const memory = sides.map(() => [] as MemorySample[]);
    const end = Date.now() + seconds * 1000;
    for (;;) {
      sides.forEach(([, roots, partOf], i) => memory[i]!.push(sampleMemory(roots, partOf)));
      const left = end - Date.now();
      if (left <= 0) break;
      await sleep(Math.min(5000, left));
    }
    const after = sides.map(([, roots, partOf]) => sampleTrees(roots, partOf));
    const rows: Row[] = sides.map(([side], i) => {
      const d = treePercent(before[i]!, after[i]!);
      return { side, cpu: d.total, parts: d.parts, ...meanMemory(memory[i]!) };
    });
    const quiet = audiences.flatMap((a) => a.received()).filter((b) => b === 0).length;
    if (quiet > 0) console.log(`  WARNING: ${quiet} listeners received nothing`);
    const problems = peer.icecast.errorLog();
    const segments = fs.readdirSync(peer.hlsDir).filter((f) => f.endsWith('.ts')).length;
    console.log(`  the peer's HLS folder holds ${segments} segments at the end of the window`);
    console.log(`  load average ${load0} at the start of the window, ${loadavg()} at its end\n`);
    console.log(
      `${'side'.padEnd(20)} ${'CPU % core'.padStart(10)} ${'PSS MiB'.padStart(8)} ` +
        `${'RSS MiB'.padStart(8)} ${'alone MiB'.padStart(9)} ${'procs'.padStart(5)}  processes (CPU, PSS/RSS)`,
    );
    for (const r of rows) {
      const pss = total(r.pss);
      const parts = [...r.parts]
        .filter(([, v]) => Math.abs(v) >= 0.005)
        .sort((a, b) => b[1] - a[1])
        .map(
          ([k, v]) =>
            `${k} ${v.toFixed(2)}%` +
            (r.pss.has(k)
              ? ` ${r.pss.get(k)!.toFixed(0)}/${r.rssParts.get(k)!.toFixed(0)} MiB`
              : ''),
        )
        .join(', ');
      console.log(
        `${r.side.padEnd(20)} ${r.cpu.toFixed(2).padStart(10)} ${pss.toFixed(0).padStart(8)} ` +
          `${total(r.rssParts).toFixed(0).padStart(8)} ${r.alone.toFixed(0).padStart(9)} ` +
          `${r.processes.toFixed(1).padStart(5)}  ${parts}`,
      );
    }
    const [q, p] = rows as [Row, Row];
    const f = rows.find((r) => r.side === 'encoder floor');
    const c = rows.find((r) => r.side === 'Node-clock floor');
    const target = (what: string, mine: number, theirs: number, most: number, unit: string) =>
      console.log(
        `target: ${what} <= ${most}x — ${mine / theirs <= most ? 'met' : 'NOT met'} ` +
          `(${mine.toFixed(2)} vs ${theirs.toFixed(2)} ${unit}, ${(mine / theirs).toFixed(2)}x)`,
      );
    target('Queuecast CPU against Liquidsoap+Icecast', q.cpu, p.cpu, 0.75, '% of a core');
    target('memory as if alone against Liquidsoap+Icecast', q.alone, p.alone, 0.6, 'MiB');
    target(
      'RSS of the whole tree against Liquidsoap+Icecast',
      total(q.rssParts),
      total(p.rssParts),
      0.8,
      'MiB',
    );
    if (f) target('Queuecast CPU against the encoder floor', q.cpu, f.cpu, 1.15, '% of a core');
    if (c) {
      const ratio = (mine: number, theirs: number) => `${(mine / theirs).toFixed(2)}x`;
      console.log(
        `the Node-clock floor against Liquidsoap+Icecast: RSS ${ratio(total(c.rssParts), total(p.rssParts))}, ` +
          `as if alone ${ratio(c.alone, p.alone)}, CPU ${ratio(c.cpu, p.cpu)}; Queuecast beyond it: ` +
          `RSS +${(total(q.rssParts) - total(c.rssParts)).toFixed(0)} MiB, as if alone ` +
          `+${(q.alone - c.alone).toFixed(0)} MiB, CPU +${(q.cpu - c.cpu).toFixed(2)}% of a core`,
      );
    }
    if (problems.length > 0) {
      console.log(`  icecast error.log, warnings and errors (last 5 of ${problems.length}):`);
      for (const line of problems.slice(-5)) console.log(`    ${line}`);
    }
  }
} finally {
  audiences.forEach((a) => a.close());
  await floor?.stop();
  await clock?.stop();
  if (!('unavailable' in peer)) await peer.stop();
  await station.stop();
  removeScratch(music.dir);
}
