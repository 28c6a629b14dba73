// `npm start`: build when needed, then run the station in this process.
import { ensureBuilt } from './ensure-built.mjs';

ensureBuilt();
await import('../apps/server/dist/main.js');
