/** The catalogue bench's table: per query p50/p95/p99, the p95 target beside them, met or not. */
import os from 'node:os';
import { percentile } from '../support/load.js';

export interface QueryFigures {
  name: string;
  /** p95 target in ms; undefined when the query has none. */
  target: number | undefined;
  times: number[];
}

/** The 1, 5 and 15 minute load averages, as `uptime` shows them. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

export function printTable(
  engine: string,
  rows: QueryFigures[],
  conditions: { iterations: number; loadBefore: string; loadAfter: string },
): void {
  const ms = (v: number) => v.toFixed(2).padStart(8);
  console.log(
    `\n  ${engine}: n=${conditions.iterations} per query; load average (1/5/15 min) ` +
      `${conditions.loadBefore} before, ${conditions.loadAfter} after`,
  );
  console.log(
    `  ${'query'.padEnd(22)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}` +
      `  ${'p95 target'.padStart(10)}  met`,
  );
  for (const row of rows) {
    const p95 = percentile(row.times, 95);
    const target = row.target === undefined ? '—' : `≤ ${row.target}`;
    const met = row.target === undefined ? '' : p95 <= row.target ? 'yes' : 'NO';
    console.log(
      `  ${row.name.padEnd(22)} ${ms(percentile(row.times, 50))} ${ms(p95)} ${ms(percentile(row.times, 99))}` +
        `  ${target.padStart(10)}  ${met}`,
    );
  }
}

/** Both engines' p95 side by side, when both ran. */
export function printSummary(byEngine: Map<string, QueryFigures[]>): void {
  if (byEngine.size < 2) return;
  const engines = [...byEngine.keys()];
  const first = byEngine.get(engines[0]!)!;
  console.log(
    `\n  p95 ms ${''.padEnd(15)} ${'target'.padStart(8)} ${engines.map((e) => e.padStart(12)).join(' ')}`,
  );
  first.forEach((row, i) => {
    const cells = engines.map((e) => {
      const p95 = percentile(byEngine.get(e)![i]!.times, 95);
      const met = row.target === undefined ? '  ' : p95 <= row.target ? ' ✓' : ' ✗';
      return `${p95.toFixed(2)}${met}`.padStart(12);
    });
    const target = row.target === undefined ? '—' : `≤ ${row.target}`;
    console.log(`  ${row.name.padEnd(22)} ${target.padStart(8)} ${cells.join(' ')}`);
  });
}
