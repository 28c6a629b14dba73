/**
 * bench/live-fanout's table for one client count: one row per side, with the conditions the
 * sides ran under.
 */
import { whole, type Result } from './measure.js';

export interface Row {
  label: string;
  result: Result;
  /** 1-minute load average as the side's clients started connecting, and after its rounds. */
  loadBefore: number;
  loadAfter: number;
}

export interface Conditions {
  rounds: number;
  gapMs: number;
  workers: number;
  inFlight: number;
  payload: string;
}

const COLUMNS: [string, (row: Row) => string][] = [
  ['side', (w) => w.label],
  ['connected', (w) => `${w.result.connected}/${w.result.requested}`],
  ['failed', (w) => String(w.result.failed)],
  ['p50 ms', (w) => whole(w.result.p50)],
  ['p99 ms', (w) => whole(w.result.p99)],
  ['max ms', (w) => whole(w.result.max)],
  ['missed', (w) => `${w.result.missedClients} (${w.result.missedDeliveries})`],
  ['update B', (w) => String(w.result.updateBytes)],
  ['server CPU ms/bcast', (w) => w.result.serverCpuMsPerRound.toFixed(0)],
  ['server RSS MiB', (w) => w.result.rssMiB.toFixed(0)],
  ['clients CPU ms/bcast', (w) => w.result.clientCpuMsPerRound.toFixed(0)],
  ['load 1m', (w) => `${w.loadBefore.toFixed(2)}→${w.loadAfter.toFixed(2)}`],
];

/** A Markdown table, so that it can be pasted as it is. */
export function table(clients: number, rows: Row[], c: Conditions): string {
  const cells = [COLUMNS.map(([h]) => h), ...rows.map((w) => COLUMNS.map(([, f]) => f(w)))];
  const widths = COLUMNS.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) =>
    `| ${values.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(' | ')} |`;
  const notes = rows.filter((w) => w.result.note).map((w) => `  ${w.label}: ${w.result.note}`);
  return [
    `N = ${clients}: ${c.rounds} rounds ${c.gapMs} ms apart per side; ${c.workers} client ` +
      `processes, ${c.inFlight} handshakes in flight each; ${c.payload}; ` +
      `missed: clients that missed a round (deliveries); CPU: median per broadcast; ` +
      `RSS: with every client connected`,
    line(cells[0]!),
    `|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    ...cells.slice(1).map(line),
    ...notes,
  ].join('\n');
}
