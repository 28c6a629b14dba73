import path from 'node:path';
import type { BackupsOverview } from '@queuecast/contract';
import { Cron } from 'croner';
import type { Clock } from '../../core/clock.js';
import type { BackupsRepo } from './backups.repo.js';
import { BACKUP_SUFFIX } from './manifest.js';
import { makeBackup, type BackupResult, type BackupSource } from './make-backup.js';
import { pruneBackups } from './prune-backups.js';

export interface BackupsLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** How many runs the staff dashboard lists. */
const RUNS_SHOWN = 20;

/**
 * The station's own backups: on BACKUP_SCHEDULE (a cron expression) into BACKUP_DIR, keeping
 * the BACKUP_KEEP newest; every run, and every `npm run backup`, recorded for the staff
 * dashboard. Runs never overlap (a run still going when the next is due skips that one).
 */
export class BackupsService {
  private cron: Cron | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly deps: {
      repo: BackupsRepo;
      source: BackupSource;
      schedule: string | undefined;
      keep: number;
      dir: string;
      clock: Clock;
      log: BackupsLog;
    },
  ) {}

  start(): void {
    if (!this.deps.schedule || this.cron) return;
    this.cron = new Cron(this.deps.schedule, { protect: true }, async () => {
      this.running = this.runScheduled();
      await this.running;
      this.running = null;
    });
    this.deps.log.info(
      { schedule: this.deps.schedule, next: this.cron.nextRun() },
      'backups scheduled',
    );
  }

  /** Stops the schedule; answers once a run under way has finished. */
  async stop(): Promise<void> {
    this.cron?.stop();
    this.cron = null;
    await this.running;
  }

  /** One scheduled backup now (the schedule's run), then the old ones pruned. */
  async runScheduled(): Promise<BackupResult | null> {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.deps.dir, `queuecast-${stamp}${BACKUP_SUFFIX}`);
    const result = await this.run('schedule', file);
    if (result) {
      const pruned = await pruneBackups(this.deps.dir, this.deps.keep).catch((err: unknown) => {
        this.deps.log.error({ err }, 'could not remove old backups');
        return null;
      });
      if (pruned?.removed) this.deps.log.info(pruned, 'old backups removed');
    }
    return result;
  }

  /** Makes a backup as `file` and records how it went; null if it failed (the error is kept). */
  async run(trigger: 'schedule' | 'command', file: string): Promise<BackupResult | null> {
    const started = this.deps.clock.now();
    try {
      const result = await makeBackup(this.deps.source, file);
      this.deps.log.info({ ...result, trigger }, 'backup made');
      await this.record(trigger, started, file, result, null);
      return result;
    } catch (err) {
      this.deps.log.error({ err, trigger, file }, 'backup failed');
      await this.record(
        trigger,
        started,
        file,
        null,
        err instanceof Error ? err.message : String(err),
      );
      if (trigger === 'command') throw err;
      return null;
    }
  }

  async overview(): Promise<BackupsOverview> {
    const runs = await this.deps.repo.latest(RUNS_SHOWN);
    const next = this.cron?.nextRun();
    return {
      schedule: this.deps.schedule ?? null,
      keep: this.deps.keep,
      next_at: next ? Math.floor(next.getTime() / 1000) : null,
      runs: runs.map((r) => ({
        id: r.id,
        started_at: r.started_at,
        finished_at: r.finished_at,
        trigger: r.trigger === 'schedule' ? 'schedule' : 'command',
        ok: r.ok === 1,
        name: path.basename(r.file),
        files: r.files,
        bytes: r.bytes,
        added_bytes: r.added_bytes,
        error: r.error,
      })),
    };
  }

  private async record(
    trigger: string,
    started: number,
    file: string,
    result: BackupResult | null,
    error: string | null,
  ): Promise<void> {
    await this.deps.repo
      .record({
        started_at: started,
        finished_at: this.deps.clock.now(),
        trigger,
        ok: result ? 1 : 0,
        file: result?.file ?? path.resolve(file),
        files: result?.files ?? 0,
        bytes: result?.bytes ?? 0,
        added_bytes: result?.addedBytes ?? 0,
        error,
      })
      // A backup made while the database blinks is still a backup: only its record is lost.
      .catch((err: unknown) => this.deps.log.error({ err }, 'could not record the backup'));
  }
}
