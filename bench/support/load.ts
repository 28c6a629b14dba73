import { performance } from 'node:perf_hooks';

/** Runs `task` from `concurrency` loops for `seconds`; a false or thrown result is an error. */
export async function runLoad(
  task: () => Promise<boolean>,
  opts: { concurrency: number; seconds: number },
): Promise<{ latencies: number[]; count: number; errors: number; elapsedMs: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const deadline = start + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const ok = await task().catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  return { latencies, count: latencies.length, errors, elapsedMs: performance.now() - start };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
