import path from 'node:path';
import { Cron } from 'croner';
import { z } from 'zod';

/** The backup settings of the environment (read with the rest in config.ts). */
export const BackupEnv = z.object({
  /** When the station backs itself up: a cron expression, such as "0 3 * * *"; unset: never. */
  BACKUP_SCHEDULE: z
    .string()
    .refine(
      (v) => {
        try {
          new Cron(v, { paused: true }).stop();
          return true;
        } catch {
          return false;
        }
      },
      { message: 'must be a cron expression, such as "0 3 * * *" (every day at 03:00)' },
    )
    .optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number of backups from 1' })
    .int('must be a whole number of backups from 1')
    .min(1, 'must be a whole number of backups from 1')
    .default(7),
  BACKUP_DIR: z.string().min(1).optional(),
});

export interface BackupConfig {
  schedule: string | undefined;
  /** How many scheduled backups are kept; older ones, and the files only they held, go. */
  keep: number;
  /** Where scheduled backups go (DATA_DIR/backups unless set). */
  dir: string;
}

export function backupConfig(e: z.infer<typeof BackupEnv>, dataDir: string): BackupConfig {
  return {
    schedule: e.BACKUP_SCHEDULE,
    keep: e.BACKUP_KEEP,
    dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'),
  };
}
