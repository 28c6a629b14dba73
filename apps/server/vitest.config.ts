import { defineConfig, type ViteUserConfig } from 'vitest/config';

/**
 * Files that hold the station to a latency (how fast it answers from a cold start, a login's
 * p95 under a flood): they run after the others, one at a time, so that what they measure is
 * the station and not the test files beside them starting servers and ffmpeg on the same cores.
 */
export const ALONE = ['test/first-sound.test.ts', 'test/password-flood.test.ts'];

/** Every test file of the server. */
const INCLUDE = ['src/**/*.test.ts', 'test/**/*.test.ts'];

const shared = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
} satisfies ViteUserConfig;

const test = {
  environment: 'node',
  pool: 'forks',
  testTimeout: 20_000,
  hookTimeout: 60_000,
} as const;

/** The server suite as two projects: `server`, run beside the others, and `server-alone`. */
export const serverProjects = (root: string): ViteUserConfig[] => [
  {
    ...shared,
    root,
    test: {
      ...test,
      name: 'server',
      include: INCLUDE,
      exclude: ['**/node_modules/**', ...ALONE],
    },
  },
  {
    ...shared,
    root,
    test: {
      ...test,
      name: 'server-alone',
      include: ALONE,
      sequence: { groupOrder: 1 },
      maxWorkers: 1,
    },
  },
];

// Run from this folder (`npx vitest run --project server <files>`): every file, alone or not.
export default defineConfig({
  ...shared,
  test: { ...test, name: 'server', include: INCLUDE },
});
