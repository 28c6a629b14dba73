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
 * `--seconds` after `--settle`; memory is PSS at the end (shared pages divided among the
 * processes that map them, so each ffmpeg's libraries are not counted in full every time).
 *
 * Run: npm run playout-peer -w bench -- [--seconds 60] [--settle 15] [--server main.js]
 */
import fs from 'node:fs';
import os from 'node:os';
import { startPeerStation } from './playout-peer/liquidsoap.js';
import { makeDemoMusic } from './support/demo-music.js';
import { machine, parseArgs, removeScratch, sleep } from './support/processes.js';
import { sampleTrees, treeMemory, treePercent, type PartOf } from './support/proc-tree.js';
import { SERVER_MAIN, startStation } from './support/station.js';

const args = parseArgs();
const seconds = Number(args.get('seconds') ?? 60);
const settle = Number(args.get('settle') ?? 15);
const ffmpeg = args.get('ffmpeg') || process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';

const queuecastParts: PartOf = ({ name, cmdline, root, reaped }) => {
  if (root) return reaped ? 'ffmpeg decoders' : 'server (node)';
  if (name === 'ffmpeg')
    return cmdline.includes('libmp3lame') ? 'ffmpeg encoder' : 'ffmpeg decoders';
  return name === 'node' ? 'live fan-out (node)' : name;
};
const peerParts: PartOf = ({ name, reaped }) => (reaped ? `${name}'s ended children` : name);

interface Row {
  side: string;
  cpu: number;
  parts: Map<string, number>;
  pss: Map<string, number>;
}

const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

console.log(
  `bench/playout-peer — ${machine()}\n` +
    `  one station each, no listeners, both running; CPU over ${seconds} s after ${settle} s`,
);

const station = await startStation({}, args.get('server') || SERVER_MAIN);
const music = await makeDemoMusic(ffmpeg);
const peer = await startPeerStation({
  icecast: args.get('icecast-bin') || '/usr/bin/icecast2',
  liquidsoap: args.get('liquidsoap') || '/usr/bin/liquidsoap',
  music,
});
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
    await sleep(settle * 1000);
    const sides: [string, number[], PartOf][] = [
      ['queuecast', [station.pid], queuecastParts],
      ['liquidsoap+icecast', [peer.liquidsoapPid, peer.icecast.pid], peerParts],
    ];
    const load0 = loadavg();
    const before = sides.map(([, roots, partOf]) => sampleTrees(roots, partOf));
    await sleep(seconds * 1000);
    const after = sides.map(([, roots, partOf]) => sampleTrees(roots, partOf));
    const rows: Row[] = sides.map(([side, roots, partOf], i) => {
      const d = treePercent(before[i]!, after[i]!);
      return { side, cpu: d.total, parts: d.parts, pss: treeMemory(roots, partOf) };
    });
    const problems = peer.icecast.errorLog();
    const segments = fs.readdirSync(peer.hlsDir).filter((f) => f.endsWith('.ts')).length;
    console.log(`  the peer's HLS folder holds ${segments} segments at the end of the window`);
    console.log(`  load average ${load0} at the start of the window, ${loadavg()} at its end\n`);
    console.log(
      `${'side'.padEnd(20)} ${'CPU % core'.padStart(10)} ${'PSS MiB'.padStart(8)}  processes`,
    );
    for (const r of rows) {
      const pss = [...r.pss.values()].reduce((a, b) => a + b, 0);
      const parts = [...r.parts]
        .filter(([, v]) => Math.abs(v) >= 0.005)
        .sort((a, b) => b[1] - a[1])
        .map(
          ([k, v]) =>
            `${k} ${v.toFixed(2)}%${r.pss.has(k) ? ` ${r.pss.get(k)!.toFixed(0)} MiB` : ''}`,
        )
        .join(', ');
      console.log(
        `${r.side.padEnd(20)} ${r.cpu.toFixed(2).padStart(10)} ${pss.toFixed(0).padStart(8)}  ${parts}`,
      );
    }
    const [q, p] = rows as [Row, Row];
    console.log(
      `target: Queuecast CPU <= Liquidsoap+Icecast — ${q.cpu <= p.cpu ? 'met' : 'NOT met'} ` +
        `(${q.cpu.toFixed(2)}% vs ${p.cpu.toFixed(2)}% of a core, ${(q.cpu / p.cpu).toFixed(2)}x)`,
    );
    if (problems.length > 0) {
      console.log(`  icecast error.log, warnings and errors (last 5 of ${problems.length}):`);
      for (const line of problems.slice(-5)) console.log(`    ${line}`);
    }
  }
} finally {
  if (!('unavailable' in peer)) await peer.stop();
  await station.stop();
  removeScratch(music.dir);
}
