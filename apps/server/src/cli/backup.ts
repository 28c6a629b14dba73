import path from 'node:path';
import type { Config } from '../config.js';
import { systemClock } from '../core/clock.js';
import { openDatabase } from '../db/database.js';
import { knownSchemas } from '../db/migrate.js';
import { HttpError } from '../lib/http-error.js';
import { createBackupsService } from '../compose-backups.js';
import { BACKUP_SUFFIX } from '../modules/backups/manifest.js';
import { restoreBackup } from '../modules/backups/restore-backup.js';
import { parseArgs } from './args.js';

export const BACKUP_USAGE = `usage: npm run backup -- [--out FILE${BACKUP_SUFFIX}]`;
export const RESTORE_USAGE = 'usage: npm run restore -- FILE [--force]';

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`;

/**
 * A backup of the station as it runs, into `--out` (BACKUP_DIR, with the time in its name,
 * unless given). It reads what the station reads (DATA_DIR, DATABASE_URL) and writes nothing
 * of the station's but the run's record.
 */
export async function backupCommand(config: Config, argv: string[]): Promise<string> {
  const { flags, positional } = parseArgs(argv);
  if (positional.length > 0) throw new HttpError(400, BACKUP_USAGE);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out =
    flags.get('out') ?? path.join(config.backup.dir, `queuecast-${stamp}${BACKUP_SUFFIX}`);
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    namedStatements: false,
  });
  try {
    const service = createBackupsService({
      config,
      database,
      clock: systemClock,
      log: { info: () => undefined, error: (_obj, msg) => process.stderr.write(`${msg}\n`) },
      scheduled: false,
    });
    const result = (await service.run('command', out))!;
    return (
      `Backup written to ${result.file}: the database and ${result.files} files, ` +
      `${mib(result.bytes)} (${mib(result.addedBytes)} new to its folder), in ${(result.ms / 1000).toFixed(1)} s.`
    );
  } finally {
    await database.close();
  }
}

/** Restores a backup into this configuration's DATA_DIR (and DATABASE_URL). */
export async function restoreCommand(config: Config, argv: string[]): Promise<string> {
  const { flags, positional } = parseArgs(argv, ['force']);
  if (positional.length !== 1 || flags.size > (flags.has('force') ? 1 : 0)) {
    throw new HttpError(400, RESTORE_USAGE);
  }
  const result = await restoreBackup(positional[0]!, {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    force: flags.has('force'),
    knownSchemas,
  });
  return (
    `Restored the backup of ${result.manifest.createdAt} (schema ${result.manifest.schema}): ` +
    `the database and ${result.files} files, ${mib(result.bytes)}. Start the station to use it.`
  );
}
