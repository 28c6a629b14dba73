import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './preact-aliases';

export default defineConfig({
  resolve: { conditions: ['source'], alias: PREACT_ALIASES },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The libraries built on React run on Preact in the tests too (see preact-aliases.ts).
    server: { deps: { inline: ['react-router', '@tanstack/react-query'] } },
  },
});
