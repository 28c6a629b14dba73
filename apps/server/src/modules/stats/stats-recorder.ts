import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../core/bus.js';
import { DAY, MINUTE, clientFamily, floorTo } from '../../core/listener-stats.js';
import type { StatsTotalsRepo } from './stats-totals.repo.js';
import type { SessionRow, StatsWritesRepo } from './stats-writes.repo.js';

/** Listeners per output now, on every node; null where the station is not on air. */
export interface OutputCounts {
  mp3: number;
  relay: number;
  hls: number;
  sites: number;
}

/** A listener's stay on one output, as its audience saw it (times in epoch milliseconds). */
export interface ListenerSession {
  output: 'mp3' | 'hls';
  address: string;
  userAgent: string | undefined;
  startedAt: number;
  endedAt: number;
}

/** Sessions are written this often, together. */
const FLUSH_MS = 10_000;
/** Sessions held while the database cannot take them; beyond it the oldest are dropped. */
const MAX_HELD = 100_000;
/** Raw rows past their days are looked for this often. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Records what the statistics show. On the playout on air (where `counts` answers): the
 * minute's listeners per output, each play's listeners at its start and end, and the rollups,
 * so a station with several nodes counts once. On every node: the sessions of its listeners,
 * written in batches with a hash of the address salted per day in place of the address.
 */
export class StatsRecorder {
  private held: ListenerSession[] = [];
  private droppedSince = 0;
  private timers: NodeJS.Timeout[] = [];
  private minuteTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private onAir: number | null = null;
  private lastPrune = 0;
  private readonly salts = new Map<number, Promise<string>>();
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      repo: StatsWritesRepo;
      /** The running totals of the top tables by week, brought up to date every hour. */
      totals: Pick<StatsTotalsRepo, 'rollup'>;
      counts: () => OutputCounts | null;
      bus: EventBus;
      log: FastifyBaseLogger;
      /** Raw minutes and sessions are kept this many days. */
      rawDays: number;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  start(): void {
    this.unsubscribe = this.deps.bus.subscribe((event) => {
      if (event.type === 'track.started' && event.queue_id !== null) {
        void this.trackStarted(event.queue_id);
      }
    });
    const flush = setInterval(() => void this.flush(), FLUSH_MS);
    flush.unref();
    this.timers.push(flush);
    // The minute's sample is taken a second into it.
    const untilNext = MINUTE * 1000 - (this.now() % (MINUTE * 1000)) + 1000;
    this.minuteTimer = setTimeout(() => {
      void this.minute();
      const every = setInterval(() => void this.minute(), MINUTE * 1000);
      every.unref();
      this.timers.push(every);
    }, untilNext);
    this.minuteTimer.unref();
  }

  /** Stops the timers and writes the sessions held. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    if (this.minuteTimer) clearTimeout(this.minuteTimer);
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.flush();
  }

  /** A listener left: their session is written with the next batch. */
  session(session: ListenerSession): void {
    if (this.held.length >= MAX_HELD) {
      this.held.shift();
      if (this.droppedSince++ === 0) {
        this.deps.log.warn('statistics: sessions dropped, the database has not taken them');
      }
    }
    this.held.push(session);
  }

  /** Takes the minute's sample and brings the rollups up to date (on the playout on air). */
  async minute(): Promise<void> {
    const counts = this.deps.counts();
    if (!counts) return;
    const now = this.now();
    const at = Math.floor(now / 1000);
    try {
      await this.deps.repo.recordMinute({ minute: floorTo(at, MINUTE), ...counts });
      await this.deps.repo.rollup(at);
      if (now - this.lastPrune >= PRUNE_EVERY_MS) {
        await this.deps.repo.prune(at - this.deps.rawDays * DAY);
        await this.deps.totals.rollup(at);
        this.lastPrune = now;
      }
    } catch (err) {
      this.deps.log.warn({ err }, 'statistics: the minute was not recorded');
    }
  }

  /** Writes the sessions held; those the database refuses stay for the next try. */
  flush(): Promise<void> {
    this.flushing ??= this.write().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.held.length === 0) return;
    const batch = this.held;
    this.held = [];
    try {
      // Today's salt, whatever day a session ended: a day's salt is gone once the next begins.
      const salt = await this.saltOf(floorTo(Math.floor(this.now() / 1000), DAY));
      const rows: SessionRow[] = [];
      for (const s of batch) {
        const started = Math.floor(s.startedAt / 1000);
        const ended = Math.max(started, Math.floor(s.endedAt / 1000));
        rows.push({
          started_at: started,
          ended_at: ended,
          duration: ended - started,
          output: s.output,
          client: clientFamily(s.userAgent),
          visitor: crypto
            .createHash('sha256')
            .update(salt)
            .update(s.address)
            .update('\n')
            .update(s.userAgent ?? '')
            .digest('base64url')
            .slice(0, 22),
        });
      }
      await this.deps.repo.recordSessions(rows);
      if (this.droppedSince > 0) {
        this.deps.log.warn({ dropped: this.droppedSince }, 'statistics: sessions written again');
        this.droppedSince = 0;
      }
    } catch (err) {
      this.held = [...batch, ...this.held].slice(-MAX_HELD);
      this.deps.log.warn({ err, held: this.held.length }, 'statistics: sessions kept for later');
    }
  }

  private saltOf(day: number): Promise<string> {
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.deps.repo.saltOf(day, crypto.randomBytes(16).toString('base64url'));
      salt.catch(() => this.salts.delete(day));
      for (const old of this.salts.keys()) if (old < day) this.salts.delete(old);
      this.salts.set(day, salt);
    }
    return salt;
  }

  private async trackStarted(queueId: number): Promise<void> {
    const counts = this.deps.counts();
    if (!counts) {
      this.onAir = null;
      return;
    }
    const listeners = counts.mp3 + counts.relay + counts.hls;
    const previous = this.onAir;
    this.onAir = queueId;
    try {
      if (previous !== null && previous !== queueId) {
        await this.deps.repo.playEnded(previous, listeners);
      }
      await this.deps.repo.playStarted(queueId, listeners);
    } catch (err) {
      this.deps.log.warn({ err }, "statistics: a play's listeners were not recorded");
    }
  }
}
