import type { BackupRun } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import { backupSize, formatBytes, scheduleText } from './backup-text';

const run = (over: Partial<BackupRun>): BackupRun => ({
  id: 1,
  started_at: 0,
  finished_at: 1,
  trigger: 'schedule',
  ok: true,
  name: 'b.qcbackup',
  files: 3,
  bytes: 0,
  added_bytes: 0,
  error: null,
  ...over,
});

describe('backup texts', () => {
  it('write sizes with their unit', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(1024)).toBe('1.00 KiB');
    expect(formatBytes(3.25 * 1048576)).toBe('3.25 MiB');
    expect(formatBytes(42.5 * 1048576)).toBe('42.5 MiB');
    expect(formatBytes(3120 * 1048576)).toBe('3.05 GiB');
  });

  it('give a backup its size and what it added, and a failed one none', () => {
    expect(backupSize(run({ bytes: 2 * 1048576, added_bytes: 1024 }))).toBe(
      '2.00 MiB (1.00 KiB new)',
    );
    expect(backupSize(run({ ok: false, error: 'disk full' }))).toBe('—');
  });

  it('say what the schedule is, or how to have one', () => {
    expect(scheduleText({ schedule: '0 4 * * *', keep: 7, next_at: null, runs: [] })).toBe(
      'Scheduled: 0 4 * * *; the 7 newest are kept.',
    );
    expect(scheduleText({ schedule: '0 4 * * *', keep: 1, next_at: null, runs: [] })).toBe(
      'Scheduled: 0 4 * * *; the newest is kept.',
    );
    expect(scheduleText({ schedule: null, keep: 7, next_at: null, runs: [] })).toMatch(
      /^No scheduled backups/,
    );
  });
});
