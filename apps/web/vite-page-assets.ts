import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The file the build writes beside index.html, which the server reads. */
export const PAGE_ASSETS_FILE = 'page-assets.json';

/**
 * What the server preloads for a page, from the build: `pages` maps a key of the contract's
 * PAGES to the scripts and styles of that page's chunk (and the chunks it imports, beyond the
 * first load's); `always` lists those of the chunks every page shows (the sidebar's).
 */
export interface PageAssets {
  always: string[];
  pages: Record<string, string[]>;
}

interface Chunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes `page-assets.json`: for each page of the router (`src/app/router.tsx`: the pages that
 * `chunkComponent` loads, and the `PAGES` key each is routed at), the files its chunk needs; and
 * those of the modules in `always` (source files the shell loads on every page before its first
 * render). The server names them in each page's HTML, so they load beside the first load's
 * scripts instead of after them.
 */
export function pageAssets({ always }: { always: string[] }): Plugin {
  let root = '.';
  return {
    name: 'queuecast-page-assets',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as Chunk[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const byModule = new Map(chunks.map((c) => [c.facadeModuleId, c]));
      const initial = new Set<string>();
      const walkInitial = (file: string) => {
        if (initial.has(file)) return;
        initial.add(file);
        byFile.get(file)?.imports.forEach(walkInitial);
      };
      chunks.filter((c) => c.isEntry).forEach((c) => walkInitial(c.fileName));

      const filesOf = (moduleId: string): string[] => {
        const chunk = byModule.get(moduleId);
        if (!chunk) throw new Error(`page-assets: no chunk of its own for ${moduleId}`);
        const files = new Set<string>();
        const walk = (c: Chunk) => {
          if (initial.has(c.fileName) || files.has(`/${c.fileName}`)) return;
          files.add(`/${c.fileName}`);
          c.viteMetadata?.importedCss.forEach((css) => files.add(`/${css}`));
          c.imports.forEach((f) => walk(byFile.get(f)!));
        };
        walk(chunk);
        return [...files];
      };

      const source = (file: string) => {
        const full = path.join(root, file);
        return { full, text: fs.readFileSync(full, 'utf8') };
      };
      const moduleFile = (from: string, spec: string) => {
        const base = path.resolve(path.dirname(from), spec);
        const found = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => fs.existsSync(f));
        if (!found) throw new Error(`page-assets: cannot find ${spec} from ${from}`);
        return found;
      };

      const router = source('src/app/router.tsx');
      const components = new Map<string, string>();
      for (const [, name, spec] of router.text.matchAll(
        /const (\w+) = chunkComponent\(\s*\(\) => import\('([^']+)'\),?\s*\)/g,
      )) {
        components.set(name!, moduleFile(router.full, spec!));
      }
      const pages: Record<string, string[]> = {};
      // `{ page: QueuePage }` is the index route: the queue's page at '/'.
      for (const [, key, name] of router.text.matchAll(
        /\{ (?:path: child\(PAGES\.(\w+)\), )?page: (\w+) \}/g,
      )) {
        const moduleId = components.get(name!);
        if (!moduleId) throw new Error(`page-assets: ${name} is not a chunkComponent`);
        pages[key ?? 'queue'] = filesOf(moduleId);
      }
      if (!pages.queue || !pages.song) {
        throw new Error('page-assets: the routes of src/app/router.tsx were not found');
      }

      const everyPage = new Set(always.flatMap((file) => filesOf(path.join(root, file))));
      const assets: PageAssets = { always: [...everyPage], pages };
      this.emitFile({
        type: 'asset',
        fileName: PAGE_ASSETS_FILE,
        source: JSON.stringify(assets, null, 1),
      });
    },
  };
}
