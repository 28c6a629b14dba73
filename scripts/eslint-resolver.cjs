// Import resolver for eslint-plugin-import: maps the `.js` specifiers of NodeNext sources to
// their `.ts`/`.tsx` files and the contract package to its sources, so import/no-cycle sees
// every edge without a native resolver.
const fs = require('node:fs');
const path = require('node:path');

const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const contract = path.resolve(__dirname, '../packages/contract/src/index.ts');

exports.interfaceVersion = 2;
exports.resolve = function resolve(source, file) {
  if (source === '@queuecast/contract') return { found: true, path: contract };
  if (!source.startsWith('.')) return { found: false };
  const base = path.resolve(path.dirname(file), source.replace(/\.js$/, ''));
  for (const suffix of CANDIDATES) {
    const candidate = base + suffix;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
      return { found: true, path: candidate };
    }
  }
  return { found: false };
};
