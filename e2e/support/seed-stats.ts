import type { App } from '../../apps/server/src/app.js';
import { StatsWritesRepo } from '../../apps/server/src/modules/stats/stats-writes.repo.js';

/** What e2e/specs/stats.spec.ts relies on: a steady listener count, busiest on Friday evenings. */
export const STATS_SEED = { days: 35, stepMinutes: 5, sessions: 240 } as const;

/**
 * Writes 35 days of the station's statistics as the recorder would have: a sample every five
 * minutes, listening sessions over MP3 and HLS with several clients, and the listeners of the
 * seeded plays; then rolls them up as the playout does each minute.
 */
export async function seedStats(app: App, now: number): Promise<void> {
  const db = app.ctx.db;
  const start = now - STATS_SEED.days * 86_400;
  const minutes = [];
  for (let t = start - (start % 300); t < now - 120; t += STATS_SEED.stepMinutes * 60) {
    const local = new Date(t * 1000);
    const evening = local.getUTCHours() >= 18 && local.getUTCHours() < 23 ? 20 : 0;
    const friday = local.getUTCDay() === 5 ? 15 : 0;
    const wave = Math.round(5 + 4 * Math.sin(t / 5000));
    minutes.push({ minute: t, mp3: wave + evening + friday, relay: 0, hls: 3, sites: 2 });
  }
  for (let i = 0; i < minutes.length; i += 500) {
    await db
      .insertInto('listener_minutes')
      .values(minutes.slice(i, i + 500))
      .execute();
  }
  const clients = ['browser', 'browser', 'player', 'app', 'bot'];
  const sessions = Array.from({ length: STATS_SEED.sessions }, (_, i) => {
    const duration = [30, 200, 700, 1500, 3000, 5000, 9000, 20_000][i % 8]!;
    const ended = start + Math.floor(((i + 0.5) / STATS_SEED.sessions) * (now - start - 600));
    return {
      started_at: ended - duration,
      ended_at: ended,
      duration,
      output: i % 3 === 0 ? 'hls' : 'mp3',
      client: clients[i % clients.length]!,
      visitor: `seeded-visitor-${i % 40}`,
    };
  });
  await new StatsWritesRepo(db).recordSessions(sessions);
  // The seeded plays gained listeners as they played.
  await db
    .updateTable('play_history')
    .set({ listeners_start: 10, listeners_end: 14 })
    .where('listeners_start', 'is', null)
    .execute();
  await new StatsWritesRepo(db).rollup(now);
}
