import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { PREACT_ALIASES } from './preact-aliases';
import { pageAssets } from './vite-page-assets';
import { twemojiAssets } from './vite-twemoji';

/** Modules that the shell runs on every first load: bundled together (see codeSplitting). */
const FIRST_LOAD = [
  /node_modules[\\/](react|react-dom|scheduler|react-router|preact)[\\/]/,
  /node_modules[\\/]@tanstack[\\/](?!.*([Mm]utation|[Ii]nfinite|[Hh]ydrat|[Qq]ueries|[Ss]uspense|[Pp]refetch))/,
  /src[\\/]lib[\\/](api-client|session|session-endings|jwt|toast|playback|server-clock|format|document-title|local-cache|artist-credits)\.ts$/,
  /contract[\\/]src[\\/](paths|limits)\.ts$/,
];

/** What the server sends compressed when a client takes it: text of 1 KiB or more. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;

/**
 * Brotli (top quality) and gzip copies of every text file of the build, beside it
 * (`x.js.br`, `x.js.gz`): made once here, they cost the server nothing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'queuecast-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      // The emoji set's thousands of small SVGs are left as they are: the server compresses
      // the few a page shows.
      const wanted = files.filter((f) => COMPRESSIBLE.test(f) && !/twemoji-/.test(f));
      for (const name of wanted) {
        const file = path.join(outDir, name);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        const brotli = zlib.brotliCompressSync(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        });
        fs.writeFileSync(`${file}.br`, brotli);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    twemojiAssets(),
    pageAssets({
      always: [
        'src/features/now-playing/components/now-playing-panel.tsx',
        'src/features/chat/components/chat-panel.tsx',
      ],
    }),
    precompress(),
  ],
  resolve: { conditions: ['source'], alias: PREACT_ALIASES },
  // Components and features style themselves with CSS modules (x.module.css beside x.tsx):
  // class names are local to their file and read as camelCase properties.
  css: { modules: { localsConvention: 'camelCaseOnly' } },
  build: {
    target: 'es2022',
    // Every browser the target admits preloads modules itself (Safari since 17): no polyfill.
    modulePreload: { polyfill: false },
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // What every page runs in one chunk: the libraries, and the plumbing the shell itself
        // imports. Compressed together they are ~3 kB smaller than as the pieces the automatic
        // split makes of them (measured with `npm run first-load -w bench`). TanStack Query's
        // parts that only pages use (mutations, infinite lists), hls.js and the pages keep
        // their own chunks. The rest of the client's own modules that the first render needs
        // (the shell's) make one chunk, and those two or more chunks share another (`common`):
        // left to the automatic split, a page and its sidebar were 30 small files, fetched a
        // few at a time on a phone's connection.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: (id) => FIRST_LOAD.some((re) => re.test(id)), priority: 3 },
            { name: 'shell', test: /apps[\\/]web[\\/]src[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'common', test: /apps[\\/]web[\\/]src[\\/]/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/stream': 'http://localhost:8080',
      '/manifest.webmanifest': 'http://localhost:8080',
      '/ws': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
