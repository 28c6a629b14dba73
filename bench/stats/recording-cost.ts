import { performance } from 'node:perf_hooks';
import type { App } from '../../apps/server/src/app.js';
import { StatsRecorder } from '../../apps/server/src/modules/stats/stats-recorder.js';
import { StatsTotalsRepo } from '../../apps/server/src/modules/stats/stats-totals.repo.js';
import { StatsWritesRepo } from '../../apps/server/src/modules/stats/stats-writes.repo.js';

/**
 * The recorder's CPU at 1,000 listeners: sessions end at 1,000 / 1,200 s (20-minute stays) and
 * a minute is sampled and rolled up every 60 s; run 100 times faster for 20 s, scaled back.
 */
export async function recordingCost(app: App, log: (s: string) => void): Promise<void> {
  const SPEED = 100;
  const SECONDS = 20;
  const recorder = new StatsRecorder({
    repo: new StatsWritesRepo(app.ctx.db),
    totals: new StatsTotalsRepo(app.ctx.db),
    counts: () => ({ mp3: 600, relay: 0, hls: 300, sites: 100 }),
    bus: app.ctx.bus,
    log: app.log,
    rawDays: 14,
  });
  const sessionsPerSecond = (1000 / 1200) * SPEED;
  const minutesPerSecond = (1 / 60) * SPEED;
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  let sessions = 0;
  let minutes = 0;
  for (let second = 0; second < SECONDS; second++) {
    const due = Math.round(sessionsPerSecond * (second + 1)) - sessions;
    for (let i = 0; i < due; i++, sessions++) {
      const endedAt = Date.now();
      recorder.session({
        output: sessions % 3 ? 'mp3' : 'hls',
        address: `10.0.${sessions % 250}.${sessions % 7}`,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
        startedAt: endedAt - 1_200_000,
        endedAt,
      });
    }
    // The recorder writes its batch every 10 s of real time: 10 times a second here.
    for (let i = 0; i < SPEED / 10; i++) await recorder.flush();
    const minuteDue = Math.round(minutesPerSecond * (second + 1)) - minutes;
    for (let i = 0; i < minuteDue; i++, minutes++) await recorder.minute();
  }
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const simulated = SECONDS * SPEED;
  log(
    `recording at 1,000 listeners: ${sessions} sessions and ${minutes} minutes (${simulated} s of a station) ` +
      `took ${cpuSeconds.toFixed(2)} s of CPU in ${((performance.now() - wall0) / 1000).toFixed(1)} s: ` +
      `${((cpuSeconds / simulated) * 100).toFixed(3)} % of one core (target ≤ 0.2 %)`,
  );
}
