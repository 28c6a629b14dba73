import type { Config } from './config.js';
import type { EventBus } from './core/bus.js';
import type { Clock } from './core/clock.js';
import type { Db } from './db/database.js';
import type { ArtStore } from './media/art-store.js';
import type { SongPresenter } from './modules/catalog/song-presenter.js';
import { DjRepo } from './modules/shows/dj.repo.js';
import { DjService } from './modules/shows/dj.service.js';
import { LineRepo } from './modules/shows/line.repo.js';
import { LineService } from './modules/shows/line.service.js';
import { ScheduleRepo } from './modules/shows/schedule.repo.js';
import { ScheduleService } from './modules/shows/schedule.service.js';
import { ShowRepo } from './modules/shows/show.repo.js';
import { ShowService } from './modules/shows/show.service.js';
import type { AuditLogRepo } from './modules/users/audit-log.repo.js';
import type { UserRepo } from './modules/users/user.repo.js';

export interface ShowsDeps {
  config: Config;
  db: Db;
  users: UserRepo;
  audit: AuditLogRepo;
  art: ArtStore;
  presenter: SongPresenter;
  bus: EventBus;
  clock: Clock;
}

/**
 * Live shows' part of the composition: the DJs, the shows and their request line, and the
 * schedule, which decides when a DJ may go live and what the auto-DJ plays in a themed slot.
 */
export function composeShows(deps: ShowsDeps) {
  const { config, db, users, audit, art, presenter, bus, clock } = deps;
  const repos = {
    djs: new DjRepo(db),
    shows: new ShowRepo(db),
    schedule: new ScheduleRepo(db),
    line: new LineRepo(db),
  };
  const line = new LineService({
    line: repos.line,
    shows: repos.shows,
    djs: repos.djs,
    users,
    presenter,
    bus,
    clock,
  });
  const schedule = new ScheduleService({
    schedule: repos.schedule,
    djs: repos.djs,
    audit,
    art,
    bus,
    clock,
  });
  const shows = new ShowService({
    db,
    shows: repos.shows,
    djs: repos.djs,
    audit,
    bus,
    clock,
    scheduledShowOf: (djId, at) => schedule.theirShowAt(djId, at),
  });
  const djs = new DjService({
    db,
    djs: repos.djs,
    audit,
    bus,
    clock,
    publicAddress: config.livePublicAddress ?? null,
    inTheirShow: (djId, now) => schedule.inTheirShow(djId, now),
  });
  return { repos, services: { shows, line, schedule, djs } };
}
