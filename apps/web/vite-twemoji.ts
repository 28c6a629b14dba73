import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { TWEMOJI_BASE, TWEMOJI_VERSION } from './src/components/twemoji';

/**
 * Puts the Twemoji set (npm `@twemoji/svg`) at `TWEMOJI_BASE`: copied into the build, served
 * from node_modules by the dev server. Copied rather than imported, so the bundles carry no list
 * of 3,700 files and the build output does not name each one; a browser fetches only the
 * emoji it shows. The installed package must be the version the client names.
 */
export function twemojiAssets(): Plugin {
  const manifest = createRequire(import.meta.url).resolve('@twemoji/svg/package.json');
  const source = path.dirname(manifest);
  const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string };
  if (version !== TWEMOJI_VERSION) {
    throw new Error(
      `@twemoji/svg ${version} is installed, the client names ${TWEMOJI_VERSION}: change TWEMOJI_VERSION in src/components/twemoji.ts`,
    );
  }
  let outDir = 'dist';
  return {
    name: 'queuecast-twemoji',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use(TWEMOJI_BASE, (req, res, next) => {
        const name = (req.url ?? '').split('?')[0]!.replace(/^\//, '');
        if (!/^[0-9a-f-]+\.svg$/.test(name)) return next();
        const file = path.join(source, name);
        if (!fs.existsSync(file)) return next();
        res.setHeader('content-type', 'image/svg+xml');
        fs.createReadStream(file).pipe(res);
      });
    },
    writeBundle() {
      const target = path.join(outDir, TWEMOJI_BASE);
      fs.mkdirSync(target, { recursive: true });
      for (const name of fs.readdirSync(source)) {
        if (name.endsWith('.svg'))
          fs.copyFileSync(path.join(source, name), path.join(target, name));
      }
    },
  };
}
