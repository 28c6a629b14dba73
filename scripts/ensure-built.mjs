// Builds the station when the build is missing or older than the sources.
import { spawnSync } from 'node:child_process';
import { needsBuild, root } from './build-state.mjs';

export function ensureBuilt() {
  if (!needsBuild()) return;
  console.log('Building Queuecast...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
