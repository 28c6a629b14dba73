/**
 * bench/live-switch: how fast a DJ goes on air and how fast the queue comes back. A station
 * plays a library of 440 Hz tone songs (20 s each, so track changes come often); in each round
 * ffmpeg connects as the DJ's source client at a random point of the current track (every
 * third round within 1 s of a track change), streams an 880 Hz tone in real time, stays
 * on air a few seconds and is cut. A listener of the station's MP3 output notes when each
 * byte arrived and decodes the stream as it comes.
 *
 * - Switch-in: from the first audio byte the source sent (the first byte after its request
 *   head, seen by a TCP relay between ffmpeg and the station) to the arrival at the listener
 *   of the MP3 frame where 880 Hz first passes −40 dBFS (20 ms Goertzel windows, as the test
 *   suite's onsetOf).
 * - Switch-out: from the disconnect (the relay cutting both sides) plus the station's grace
 *   (LIVE_GRACE_S; Liquidsoap has none) to the arrival of the frame where 440 Hz passes
 *   −40 dBFS again.
 *
 * The same rounds (the same seeded connect points relative to a track change) run against
 * Liquidsoap 2.1: fallback(track_sensitive=false, [input.harbor, playlist]) to output.harbor.
 * Run: flock /tmp/bench.lock npm run live-switch -w bench -- [--rounds 20] [--sides
 * queuecast,liquidsoap] [--liq-buffer 12] [--grace 1] [--crossfade 2] [--seed 1]
 * [--server head|tree|dist]
 * Target: Queuecast's switch-in p95 ≤ 1.0 s.
 */
import os from 'node:os';
import { locateFfmpeg } from '../apps/server/src/media/ffmpeg-locate.js';
import { startLiquidsoap, startQueuecast, makeTones, type Side } from './live-switch/sides.js';
import { startRelay, sourceArgs } from './live-switch/source.js';
import { ONSET_LEVEL, onsetSample, toneLevel } from '../apps/server/test/helpers/pcm.js';
import { listen, RATE } from './live-switch/timeline.js';
import { machine, parseArgs, removeScratch, scratchDir, sleep } from './support/processes.js';

const args = parseArgs();
const rounds = Number(args.get('rounds') ?? 20);
const sides = (args.get('sides') ?? 'queuecast,liquidsoap').split(',');
const graceS = Number(args.get('grace') ?? 1);
const crossfadeS = Number(args.get('crossfade') ?? 2);
const liqBuffers = (args.get('liq-buffer') ?? '12').split(',').map(Number);
const seed = Number(args.get('seed') ?? 1);
const server = (args.get('server') ?? 'head') as 'head' | 'tree' | 'dist';
/** Seconds the DJ stays after their tone was heard. */
const holdS = Number(args.get('hold') ?? 3);
const SONG_S = 20;
const SONGS = 6;
const TARGET_IN_S = 1.0;
const ffmpeg = locateFfmpeg(process.env.FFMPEG_PATH).ffmpeg;
const liquidsoap = args.get('liquidsoap') ?? '/usr/bin/liquidsoap';

/** mulberry32: the same connect points on every side and every run with the same seed. */
function random(s: number): () => number {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Each round's connect point, in seconds from a track change (negative: before it). */
function connectPoints(): number[] {
  const r = random(seed);
  return Array.from({ length: rounds }, (_, i) =>
    i % 3 === 0 ? -1 + 2 * r() : -(1 + r() * (SONG_S - 2)),
  );
}

interface Round {
  point: number;
  /** The first audio byte, in seconds from the track change it was aimed at. */
  actual: number | null;
  spawnToFirstByte: number | null;
  inS: number | null;
  outS: number | null;
  /** Queuecast: first source byte → the show's started_at (its clock). */
  toOnAir: number | null;
  /**
   * Queuecast's log, from the first source byte: its decoder started, the first decoded
   * audio, the show put on air (s).
   */
  steps: { decoding: number; firstDecoded: number; onAir: number } | null;
  /**
   * Seconds of the fade before the incoming tone passes −40 dBFS: from its level once the fade
   * is over and the fade's shape (equal-power: sin(πt/2); linear: t).
   */
  climb: number | null;
  /** Source bytes sent in the first second after its first audio byte. */
  firstSecondBytes: number | null;
  note: string;
}

async function waitFor<T>(
  check: () => T | null | Promise<T | null>,
  ms: number,
  every = 100,
): Promise<T | null> {
  const deadline = performance.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== null) return v;
    if (performance.now() > deadline) return null;
    await sleep(every);
  }
}

async function runSide(side: Side, points: number[]): Promise<Round[]> {
  const heard = await listen(ffmpeg, side.listenUrl);
  const relay = await startRelay(ffmpeg, side.sourcePort);
  const results: Round[] = [];
  try {
    // The listener's first bytes (a station's burst) and the queue's tone steady.
    await sleep(3000);
    for (const [i, point] of points.entries()) {
      // On the queue, with its tone heard for 2 s.
      const change = await waitFor(async () => {
        const next = await side.nextChange();
        if (next === null) return null;
        let at = next + point * 1000;
        // Too near to aim at: the next track's change (the songs are all SONG_S long).
        while (at < performance.now() + 500) at += SONG_S * 1000;
        return { aim: at, change: at - point * 1000 };
      }, 60_000);
      if (!change) throw new Error(`${side.name}: the queue did not come back`);
      await sleep(Math.max(0, change.aim - performance.now()));
      const startSample = heard.sampleArrivedAfter(performance.now());
      const run = relay.start({ user: side.user, key: side.key, legacy: side.legacy });
      const r: Round = {
        point,
        actual: null,
        spawnToFirstByte: null,
        inS: null,
        outS: null,
        toOnAir: null,
        steps: null,
        firstSecondBytes: null,
        climb: null,
        note: '',
      };
      const onset = await waitFor(() => onsetSample(heard.pcm(), 880, startSample), 40_000, 100);
      const firstAudio = run.firstAudioAt;
      if (firstAudio !== null) {
        r.actual = (firstAudio - change.change) / 1000;
        r.spawnToFirstByte = (firstAudio - run.spawnedAt) / 1000;
      }
      if (onset === null || firstAudio === null) {
        r.note = `DJ not heard (answer: ${run.answer || 'none'}; ${run.log.join('').trim()})`;
        run.disconnect();
        results.push(r);
        console.log(`  ${side.name} round ${i + 1}: ${r.note}`);
        await sleep(5000 + side.graceS * 1000);
        continue;
      }
      const heardAt = await waitFor(() => heard.arrivalOfSample(onset), 5000, 20);
      r.inS = (heardAt! - firstAudio) / 1000;
      const onAir = side.onAirAt();
      if (onAir !== null) r.toOnAir = (onAir - firstAudio) / 1000;
      const steps = side.serverSteps();
      if (steps && steps.decoding > run.spawnedAt) {
        r.steps = {
          decoding: (steps.decoding - firstAudio) / 1000,
          firstDecoded: (steps.firstDecoded - firstAudio) / 1000,
          onAir: (steps.onAir - firstAudio) / 1000,
        };
      }
      r.firstSecondBytes = run.sent
        .filter((s) => s.at < firstAudio + 1000)
        .reduce((n, s) => n + s.bytes, 0);
      await sleep(holdS * 1000);
      // The DJ's tone at full level: the last half second heard, the fade long over.
      const pcm = heard.pcm();
      const level = toneLevel(pcm, pcm.length - RATE / 2, RATE / 2, 880);
      const ratio = Math.min(1, ONSET_LEVEL / level);
      r.climb =
        side.fade.seconds *
        (side.fade.shape === 'linear' ? ratio : (2 / Math.PI) * Math.asin(ratio));
      const cut = run.disconnect();
      const outSample = heard.sampleArrivedAfter(cut);
      const back = await waitFor(
        () => onsetSample(heard.pcm(), 440, outSample),
        side.graceS * 1000 + 40_000,
        100,
      );
      if (back === null) {
        r.note = 'queue not heard again within 40 s';
      } else {
        const backAt = await waitFor(() => heard.arrivalOfSample(back), 5000, 20);
        r.outS = (backAt! - (cut + side.graceS * 1000)) / 1000;
      }
      results.push(r);
      console.log(
        `  ${side.name} round ${String(i + 1).padStart(2)}: first audio ` +
          `${fmt(r.actual, 2, true)} s from a track change, in ${fmt(r.inS)} s, ` +
          `out ${fmt(r.outS)} s` +
          (r.steps
            ? ` (after the first byte: decoder ${fmt(r.steps.decoding)}, decoded ` +
              `${fmt(r.steps.firstDecoded)}, on air ${fmt(r.steps.onAir)} s; ` +
              `started_at ${fmt(r.toOnAir)} s)`
            : '') +
          (r.note ? ` — ${r.note}` : ''),
      );
      // The queue's tone steady again before the next round.
      await sleep(2000);
    }
  } finally {
    relay.close();
    heard.stop();
  }
  return results;
}

const fmt = (v: number | null, digits = 3, sign = false) =>
  v === null ? '—' : `${sign && v >= 0 ? '+' : ''}${v.toFixed(digits)}`;

/** Nearest-rank percentile. */
function pct(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Summary {
  name: string;
  in: (number | null)[];
  out: (number | null)[];
  missed: number;
}

function summarise(name: string, results: Round[]): Summary {
  const ins = results.flatMap((r) => (r.inS === null ? [] : [r.inS]));
  const outs = results.flatMap((r) => (r.outS === null ? [] : [r.outS]));
  return {
    name,
    in: [pct(ins, 50), pct(ins, 95), pct(ins, 100)],
    out: [pct(outs, 50), pct(outs, 95), pct(outs, 100)],
    missed: results.filter((r) => r.inS === null || r.outS === null).length,
  };
}

async function main(): Promise<void> {
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`bench/live-switch — ${rounds} rounds per side; ${machine()}; load ${load()}`);
  console.log(
    `  source: ffmpeg ${sourceArgs('icecast://user:key@127.0.0.1:PORT/live').join(' ')}\n` +
      `  through a TCP relay in this process (first audio byte = first byte after the request head)`,
  );
  console.log(
    `  songs: ${SONGS} × ${SONG_S} s of 440 Hz; DJ kept ${holdS} s after heard; seed ${seed}; ` +
      `onset: first 20 ms window above −40 dBFS at the tone's frequency, timed at the arrival of its MP3 frame`,
  );
  const points = connectPoints();
  const musicDir = scratchDir('queuecast-live-switch-music-');
  const files = makeTones(ffmpeg, musicDir, SONGS, SONG_S);
  const summaries: Summary[] = [];
  try {
    for (const which of sides) {
      const buffers = which === 'liquidsoap' ? liqBuffers : [0];
      for (const buffer of buffers) {
        const side =
          which === 'queuecast'
            ? await startQueuecast({ musicDir, graceS, crossfadeS, server })
            : await startLiquidsoap({ liquidsoap, files, crossfadeS, bufferS: buffer });
        const label = which === 'liquidsoap' ? `${side.name} (buffer ${buffer} s)` : side.name;
        console.log(`\n${label}: ${side.conditions}; load ${load()}`);
        try {
          const results = await runSide(side, points);
          summaries.push(summarise(label, results));
          const firstByte = results.flatMap((r) =>
            r.spawnToFirstByte === null ? [] : [r.spawnToFirstByte],
          );
          const rate = results.flatMap((r) =>
            r.firstSecondBytes === null ? [] : [r.firstSecondBytes],
          );
          const near = results.filter((r) => r.actual !== null && Math.abs(r.actual) <= 1);
          console.log(
            `  first audio byte within 1 s of a track change: ${near.length} rounds ` +
              `(in: ${near.map((r) => fmt(r.inS, 2)).join(', ')} s)`,
          );
          console.log(
            `  ffmpeg spawn → first audio byte: p50 ${fmt(pct(firstByte, 50))} s, max ` +
              `${fmt(pct(firstByte, 100))} s; bytes sent in its first second: p50 ${pct(rate, 50) ?? '—'}`,
          );
          const climb = results.flatMap((r) => (r.climb === null ? [] : [r.climb]));
          console.log(
            `  the fade's climb to −40 dBFS (${side.fade.shape}, ${side.fade.seconds} s), part of ` +
              `the switch-in: p50 ${fmt(pct(climb, 50))} s`,
          );
          const stages: [string, (r: Round) => number | null][] = [
            ["first audio byte → the server's decoder started", (r) => r.steps?.decoding ?? null],
            [
              'decoder started → first decoded audio',
              (r) => (r.steps ? r.steps.firstDecoded - r.steps.decoding : null),
            ],
            [
              'first decoded audio → on air (0.2 s gathered)',
              (r) => (r.steps ? r.steps.onAir - r.steps.firstDecoded : null),
            ],
            [
              'on air → heard at the listener',
              (r) => (r.steps && r.inS !== null ? r.inS - r.steps.onAir : null),
            ],
            ["  of which the fade's climb", (r) => r.climb],
            ["first audio byte → the show's started_at", (r) => r.toOnAir],
          ];
          if (results.some((r) => r.steps)) {
            console.log('  where the switch-in goes (s)                        p50      max');
            for (const [label, of] of stages) {
              const v = results.flatMap((r) => {
                const x = of(r);
                return x === null ? [] : [x];
              });
              console.log(
                `    ${label.padEnd(48)} ${fmt(pct(v, 50)).padStart(6)}   ${fmt(pct(v, 100)).padStart(6)}`,
              );
            }
          }
        } finally {
          await side.stop();
        }
      }
    }
  } finally {
    removeScratch(musicDir);
  }

  console.log(`\nSummary (s), ${rounds} rounds each; load ${load()}`);
  console.log(
    '  side                              switch-in p50 / p95 / max   switch-out p50 / p95 / max   missed',
  );
  for (const s of summaries) {
    console.log(
      `  ${s.name.padEnd(33)} ${s.in
        .map((v) => fmt(v))
        .join(' / ')
        .padEnd(27)} ` +
        `${s.out
          .map((v) => fmt(v))
          .join(' / ')
          .padEnd(28)} ${s.missed}`,
    );
  }
  const qc = summaries.find((s) => s.name === 'Queuecast');
  if (qc) {
    for (const other of summaries.filter((s) => s !== qc)) {
      const ratio = (a: number | null, b: number | null) =>
        a === null || b === null || b === 0 ? '—' : `${(a / b).toFixed(2)}×`;
      console.log(
        `  Queuecast ÷ ${other.name}: switch-in p95 ${ratio(qc.in[1]!, other.in[1]!)}, ` +
          `switch-out p95 ${ratio(qc.out[1]!, other.out[1]!)}`,
      );
    }
    const p95 = qc.in[1] ?? null;
    console.log(
      `  target: Queuecast switch-in p95 ≤ ${TARGET_IN_S.toFixed(1)} s: ` +
        `${p95 === null ? 'not measured' : `${p95.toFixed(3)} s, ${p95 <= TARGET_IN_S ? 'met' : 'NOT met'}`}`,
    );
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
