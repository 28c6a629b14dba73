import { z } from 'zod';

/** One backup the station made, scheduled or from the command line, and what came of it. */
export const BackupRunSchema = z.object({
  id: z.number().int(),
  /** Epoch seconds. */
  started_at: z.number(),
  finished_at: z.number(),
  trigger: z.enum(['schedule', 'command']),
  ok: z.boolean(),
  /** The backup's name in its folder (the manifest's file name). */
  name: z.string(),
  files: z.number().int(),
  /** Every byte the backup lists. */
  bytes: z.number(),
  /** The bytes it added to the folder (the rest were there from earlier backups). */
  added_bytes: z.number(),
  /** Why it failed; null when it did not. */
  error: z.string().nullable(),
});
export type BackupRun = z.infer<typeof BackupRunSchema>;

/** GET /api/staff/backups: the schedule, the next run, and the latest runs (newest first). */
export const BackupsOverviewSchema = z.object({
  /** The cron expression (BACKUP_SCHEDULE); null: no scheduled backups. */
  schedule: z.string().nullable(),
  keep: z.number().int(),
  /** Epoch seconds of the next scheduled run on this node; null: none. */
  next_at: z.number().nullable(),
  runs: z.array(BackupRunSchema),
});
export type BackupsOverview = z.infer<typeof BackupsOverviewSchema>;
