import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { keepDataPrivate } from './db/private-data.js';
import { loggerOptions } from './lib/log-output.js';
import { tidyMemory } from './lib/memory-tidy.js';
import { migrateToLatest, SchemaTooNewError } from './db/migrate.js';
import { upgradeBackup } from './db/upgrade-backup.js';
import { FfmpegMissingError } from './media/ffmpeg-locate.js';
import { ensureDemoLibrary } from './modules/library/demo-library.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

const SHUTDOWN_GRACE_MS = 2000;

async function main(): Promise<void> {
  const config = readConfig();
  keepDataPrivate(config.dataDir);
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    namedStatements: config.databaseNamedStatements,
  });
  const app = await buildApp({ config, database, logger: loggerOptions(config.logLevel) });
  const { tools } = app.ctx.media;
  app.log.info(
    {
      ffmpeg: tools.ffmpeg,
      version: tools.version,
      ffprobe: tools.ffprobe,
      modules: tools.modules,
    },
    `ffmpeg ${tools.version}`,
  );
  const backup = upgradeBackup(database, config.dataDir);
  const applied = await migrateToLatest(database.db, {
    beforeUpgrade: async (pending, from) => {
      const copy = await backup(pending);
      if (copy) app.log.info({ from, pending, copy }, 'database copied before the upgrade');
    },
  });
  app.log.info({ database: database.location, applied }, 'database ready');

  if (config.admin) {
    const result = await app.ctx.services.userAdmin.ensureAdmin(config.admin);
    app.log.info({ username: config.admin.username, result }, 'admin account');
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // In-flight requests get a grace period; connections still open after it (a client that
    // connected and sent nothing, say) are cut so that shutdown cannot hang on them.
    const cut = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    cut.unref();
    app
      .close()
      .then(() => app.log.info('server closed'))
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  // A promise nobody awaited failed (a dependency that blinked, as a rule): said, not fatal.
  process.on('unhandledRejection', (err) => {
    app.log.error({ err }, 'unhandled rejection: the process carries on');
  });
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  if (config.demoLibrary) {
    // In the background, from before the site answers: the first tune is on the air within
    // seconds, the others follow.
    const started = Date.now();
    ensureDemoLibrary({
      db: app.ctx.db,
      library: app.ctx.repos.library,
      importer: app.ctx.services.import,
      ffmpeg: app.ctx.media.tools.ffmpeg,
      onFirstSong: () => {
        app.log.info({ ms: Date.now() - started }, 'first demo song in the catalogue');
        // The station looks for a track at once rather than at its next idle retry.
        app.ctx.bus.publish({ type: 'queue.changed' });
      },
    }).then(
      (report) => {
        if (report) {
          app.log.info(
            { added: report.added, failed: report.failed, ms: Date.now() - started },
            'demo library created',
          );
        }
      },
      (err: unknown) => {
        // Cut short by a shutdown: not worth an error.
        if (!closing) app.log.error({ err }, 'could not create the demo library');
      },
    );
  }

  await app.listen({ port: config.port, host: config.host });
  tidyMemory();
  app.ctx.backups.start();
  if (config.station) {
    // A playout candidate: on air once it holds the lease, at once when no other process does.
    app.ctx.leader.start();
    app.log.info({ id: app.ctx.leader.id }, 'playout candidate: waiting for the lease');
  }
}

main().catch((err: unknown) => {
  if (err instanceof SchemaTooNewError) {
    process.stderr.write(`Queuecast cannot start: ${err.message}\n`);
    process.exit(1);
  }
  if (err instanceof FfmpegMissingError) {
    process.stderr.write(`Queuecast cannot start: ${err.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `Queuecast failed to start: ${err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
});
