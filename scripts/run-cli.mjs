// `npm run user:create`, `user:role`, `import`, `backup` and `restore` (each with `-- …` options): build when needed, then run the CLI.
import { ensureBuilt } from './ensure-built.mjs';

ensureBuilt();
await import('../apps/server/dist/cli.js');
