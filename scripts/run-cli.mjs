// `npm run user:create -- …`, `npm run user:role -- …` and `npm run import -- …`: build when needed, then run the CLI.
import { ensureBuilt } from './ensure-built.mjs';

ensureBuilt();
await import('../apps/server/dist/cli/main.js');
