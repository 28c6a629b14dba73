import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Clock } from './core/clock.js';
import type { DatabaseHandle } from './db/database.js';
import type { AuthGuards } from './auth/guards.js';
import { BackupsRepo } from './modules/backups/backups.repo.js';
import { backupsRoutes } from './modules/backups/backups.routes.js';
import { BackupsService } from './modules/backups/backups.service.js';

/** The backups' part of the composition: the service (and its schedule) and the staff route. */
export function composeBackups(deps: {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  guards: AuthGuards;
  log: FastifyBaseLogger;
}) {
  const { config, database } = deps;
  const backups = new BackupsService({
    repo: new BackupsRepo(database.db),
    source: {
      database,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      skip: [config.hlsDir, config.backup.dir],
    },
    schedule: config.backup.schedule,
    keep: config.backup.keep,
    dir: config.backup.dir,
    clock: deps.clock,
    log: deps.log,
  });
  return { backups, routes: backupsRoutes({ backups, guards: deps.guards }) };
}
