// Whether the built server and web client are older than their sources.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function newest(dir) {
  let max = 0;
  if (!fs.existsSync(dir)) return max;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    const t = entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs;
    if (t > max) max = t;
  }
  return max;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

export function needsBuild() {
  const sources = Math.max(
    newest(path.join(root, 'packages/contract/src')),
    newest(path.join(root, 'apps/server/src')),
    newest(path.join(root, 'apps/web/src')),
    newest(path.join(root, 'apps/web/public')),
    mtime(path.join(root, 'apps/web/index.html')),
  );
  const built = Math.min(
    mtime(path.join(root, 'apps/server/dist/main.js')),
    mtime(path.join(root, 'apps/web/dist/index.html')),
  );
  return built === 0 || sources > built;
}

export { root };
