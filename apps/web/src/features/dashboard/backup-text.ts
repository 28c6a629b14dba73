import type { BackupRun, BackupsOverview } from '@queuecast/contract';

const UNITS = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];

/** "512 bytes", "3.2 MiB", "1.40 GiB": three figures at most past the first unit. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${value} ${value === 1 ? 'byte' : 'bytes'}`;
  return `${value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0)} ${UNITS[unit]}`;
}

/** The size column: the whole backup, and what it added to its folder. */
export function backupSize(run: BackupRun): string {
  if (!run.ok) return '—';
  return `${formatBytes(run.bytes)} (${formatBytes(run.added_bytes)} new)`;
}

/** What the schedule line says, without the next run's time. */
export function scheduleText(overview: BackupsOverview): string {
  if (!overview.schedule) {
    return 'No scheduled backups: set BACKUP_SCHEDULE (a cron expression), or run npm run backup.';
  }
  const keep = overview.keep === 1 ? 'the newest is kept' : `the ${overview.keep} newest are kept`;
  return `Scheduled: ${overview.schedule}; ${keep}.`;
}
