/**
 * bench/live-fanout: how fast one change reaches every live socket, for Queuecast and, in the
 * same run, for two other servers with the same clients and the same timing. For each N, and
 * at each N for each side in turn (started fresh, measured alone, stopped), opens N clients
 * (spread over `--workers` client processes, at most `--in-flight` handshakes at a time per
 * process), waits until each has its first update, then runs `--rounds` changes and times, at
 * every client, receive time - the time the change was triggered (Date.now() in both
 * processes, same machine, 1 ms resolution). One table per N compares the sides.
 *
 * Sides (`--sides`, all three by default; see live-fanout/sides.ts):
 * - queuecast: the built server's /ws. The change is a user becoming active: a user signed up
 *   beforehand (sign-up sets no last-seen) makes its first authenticated call,
 *   GET /api/user/me. That is one small database write and one `users.seen` event, and the
 *   update that follows carries the user's name in `active_users`, so each client can tell
 *   the round's update from any other by its bytes. Nothing is subtracted: the figure includes
 *   the HTTP call, the rebuild of the update (database reads, JSON), the writes to every socket
 *   and the client's own receive work. Before measuring, the admin skips tracks until the
 *   update carries `--history` entries (20, all it shows), the size it has once a station has
 *   played a while (about 9 kB). The server's figures (CPU, RSS, open files) are its process's
 *   plus its live fan-out processes' (`--fanout`, passed as LIVE_FANOUT_PROCESSES; auto by
 *   default), not ffmpeg's.
 * - floor: the least any server can do on this machine: live-fanout/floor-server.ts only
 *   writes one pre-built frame to each socket per round from as many processes as `--fanout`
 *   gives.
 * - socketio: a Socket.IO 4 server (one process, default in-memory adapter, websocket
 *   transport) that `io.emit`s the update on a POST, received by socket.io-client clients.
 * The floor and Socket.IO updates are as large as Queuecast's was at the same N (the
 * `--payload-bytes` when Queuecast is not run), with the marker as far into them: each side's
 * clients search the same bytes for it.
 *
 * Every server and client process gets the open-file limit raised to 65536, else to the hard
 * limit (support/processes.ts); a server that still cannot hold N sockets runs fewer, and says
 * so.
 *
 * Run: npm run live-fanout -w bench -- [--clients 1000,5000,20000] [--rounds 10] [--workers 2]
 *        [--in-flight 100] [--gap-ms 1000] [--history 20] [--fanout auto|N] [--fanout-from N]
 *        [--server path/to/main.js] [--sides queuecast,floor,socketio] [--floor]
 *        [--payload-bytes 9000]
 */
import os from 'node:os';
import { machine, numberList, parseArgs } from './support/processes.js';
import { SERVER_MAIN } from './support/station.js';
import { fmt, measure, type Settings } from './live-fanout/measure.js';
import { table, type Row } from './live-fanout/report.js';
import { LABELS, sideList, startSide, type SideOptions } from './live-fanout/sides.js';

const args = parseArgs();
const clientCounts = numberList(args.get('clients'), [1000, 5000, 20000]);
const settings: Settings = {
  rounds: Number(args.get('rounds') ?? 10),
  workerCount: Number(args.get('workers') ?? 2),
  inFlight: Number(args.get('in-flight') ?? 100),
  gapMs: Number(args.get('gap-ms') ?? 1000),
  roundTimeoutMs: 15_000,
};
/** The server's LIVE_FANOUT_PROCESSES; auto is its own rule: a process per core, at most 4. */
const fanoutArg = args.get('fanout') || 'auto';
const fanoutProcesses =
  fanoutArg === 'auto'
    ? os.availableParallelism() > 1
      ? Math.min(os.availableParallelism(), 4)
      : 0
    : Number(fanoutArg);
const sides = args.has('floor') ? sideList('floor') : sideList(args.get('sides'));
const payloadBytes = Number(args.get('payload-bytes') || args.get('floor-bytes') || 9000);
const sideOptions: SideOptions = {
  rounds: settings.rounds,
  fanoutProcesses,
  fanoutArg,
  /** The server's LIVE_FANOUT_FROM (its default when not given). */
  fanoutFrom: args.get('fanout-from') ?? null,
  maxClients: Math.max(...clientCounts),
  historyEntries: Number(args.get('history') ?? 20),
  serverMain: args.get('server') || SERVER_MAIN,
  admin: { username: 'bench_admin', password: 'bench-admin-password' },
};
const TARGET = { clients: 20_000, p99Ms: 250 };

console.log(
  `bench/live-fanout — ${machine()}\n` +
    `  clients ${clientCounts.join(', ')}; sides ${sides.join(', ')}, each started fresh per N; ` +
    `${settings.rounds} rounds each, ${settings.gapMs} ms apart; ` +
    `${settings.workerCount} client processes, ${settings.inFlight} handshakes in flight each; ` +
    `latency = client receive - change sent; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);

const tables: string[] = [];
for (const [index, n] of clientCounts.entries()) {
  let sent = { bytes: payloadBytes, markerAt: -1 };
  let payload = `floor and Socket.IO updates ${payloadBytes} B (--payload-bytes)`;
  const rows: Row[] = [];
  for (const side of sides) {
    console.log(`\nN = ${n}, ${LABELS[side]}`);
    const started = await startSide(side, sent, sideOptions);
    console.log(`  ${started.description}`);
    const loadBefore = os.loadavg()[0]!;
    let r;
    try {
      r = await measure(started.target, index, n, settings);
    } finally {
      await started.stop();
    }
    rows.push({ label: LABELS[side], result: r, loadBefore, loadAfter: os.loadavg()[0]! });
    console.log(
      `${LABELS[side]}, N=${r.requested}: ${r.connected} connected (${r.failed} failed); ` +
        `latency p50 ${fmt(r.p50)}, p99 ${fmt(r.p99)}, max ${fmt(r.max)} over ${r.deliveries} deliveries; ` +
        `${r.missedClients} clients missed a round (${r.missedDeliveries} deliveries); ` +
        `update ${r.updateBytes} B; server RSS ${r.rssMiB.toFixed(0)} MiB, ` +
        `server CPU ${r.serverCpuMsPerRound.toFixed(0)} ms per round (median)`,
    );
    if (side === 'queuecast' && r.updateBytes > 0) {
      // The others' clients find the marker as far into the update as Queuecast's did.
      sent = { bytes: r.updateBytes, markerAt: r.markerAt };
      payload =
        `floor and Socket.IO updates padded to Queuecast's ${r.updateBytes} B, ` +
        `the marker at its byte ${r.markerAt}`;
    }
    if (side === 'queuecast' && n === TARGET.clients) {
      const met = r.p99 <= TARGET.p99Ms && r.missedClients === 0;
      console.log(
        `target: ${TARGET.clients} clients, p99 <= ${TARGET.p99Ms} ms — ${met ? 'met' : 'NOT met'} ` +
          `(p99 ${fmt(r.p99)}, ${r.connected} connected${r.note ? `; ${r.note}` : ''})`,
      );
    }
  }
  const conditions = {
    rounds: settings.rounds,
    gapMs: settings.gapMs,
    workers: settings.workerCount,
    inFlight: settings.inFlight,
    payload,
  };
  tables.push(table(n, rows, conditions));
  console.log(`\n${tables.at(-1)!}`);
}

console.log(
  `\nAll client counts (load average now ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}):`,
);
for (const t of tables) console.log(`\n${t}`);
