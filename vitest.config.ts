import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { serverProjects } from './apps/server/vitest.config.js';

// One runner for every unit and server suite; `--project 'server*'` runs the server suite alone
// (`server`, and `server-alone`: the files that must not share the cores, run after the rest).
export default defineConfig({
  test: {
    projects: [
      ...serverProjects(path.resolve(import.meta.dirname, 'apps/server')),
      'apps/web',
      'packages/contract',
    ],
    // Most server files spend their time waiting on real time (audio played at its own pace,
    // outages held for a minute, grace periods), not on the CPU: two files at a time even on a
    // two-core machine (Vitest's default there is one) halve the suite's wall time.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});
