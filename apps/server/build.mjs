// The server as it ships: each process's entry bundled with what it imports and minified, so
// that a running process holds one compact script instead of hundreds of modules' sources
// (an idle station's heap about 8 MiB smaller, its RSS about 6 MiB). Types are checked by
// `npm run typecheck`; this only emits JavaScript. Stack traces point into the minified
// bundle: `node --enable-source-maps dist/main.js` maps them back through the maps beside it.
//
// Every entry sits at the top of dist/ (the CLI as cli.js), so a bundled module's
// import.meta.url is dist/<entry>.js wherever its code came from: the workers it forks are
// found beside it (lib/child-process.ts) and the web client at ../../web/dist (app.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
fs.rmSync(dist, { recursive: true, force: true });

await build({
  absWorkingDir: here,
  entryPoints: {
    main: 'src/main.ts',
    cli: 'src/cli/main.ts',
    'mp3-worker': 'src/station/mp3/mp3-worker.ts',
    'fanout-worker': 'src/live/fanout-worker.ts',
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The workspace's own packages from their TypeScript sources.
  conditions: ['source'],
  // Names are minified too (keeping them all cost 3.5 MiB of heap): the error classes that
  // logs name set their own.
  minify: true,
  sourcemap: true,
  legalComments: 'none',
  // Native addons, packages that read files beside their own code, and those loaded only when
  // used (a Redis bus, PostgreSQL, music tags, pretty logs) stay in node_modules.
  external: [
    'better-sqlite3',
    '@node-rs/argon2',
    '@queuecast/memory-trim',
    '@fastify/swagger-ui',
    'pino-pretty',
    'pg',
    'pg-native',
    'ioredis',
    'music-metadata',
  ],
  // Bundled CommonJS packages call require(): give the ES module one.
  banner: {
    js: "import { createRequire as __queuecastRequire } from 'node:module'; const require = __queuecastRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
