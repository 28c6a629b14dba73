import { defineConfig } from 'vitest/config';

// One runner for every unit and server suite; `--project server` runs the server suite alone.
export default defineConfig({
  test: {
    projects: ['apps/server', 'apps/web', 'packages/contract'],
  },
});
