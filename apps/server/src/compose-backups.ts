import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Clock } from './core/clock.js';
import type { DatabaseHandle } from './db/database.js';
import type { AuthGuards } from './auth/guards.js';
import { BackupsRepo } from './modules/backups/backups.repo.js';
import { backupsRoutes } from './modules/backups/backups.routes.js';
import { BackupsService, type BackupsLog } from './modules/backups/backups.service.js';

/** The backups' service as the station and the command line use it, on `database`. */
export function createBackupsService(deps: {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  log: BackupsLog;
  /** The schedule is the server's; the command line makes one backup and has none. */
  scheduled: boolean;
}): BackupsService {
  const { config, database } = deps;
  return new BackupsService({
    repo: new BackupsRepo(database.db),
    source: {
      database,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      skip: [config.hlsDir, config.backup.dir],
    },
    schedule: deps.scheduled ? config.backup.schedule : undefined,
    keep: config.backup.keep,
    dir: config.backup.dir,
    clock: deps.clock,
    log: deps.log,
  });
}

/** The backups' part of the composition: the service (and its schedule) and the staff route. */
export function composeBackups(deps: {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  guards: AuthGuards;
  log: FastifyBaseLogger;
}) {
  const backups = createBackupsService({ ...deps, scheduled: true });
  return { backups, routes: backupsRoutes({ backups, guards: deps.guards }) };
}
