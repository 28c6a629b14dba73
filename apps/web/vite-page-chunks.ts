import type { Plugin, Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

/** The file of a page module: the router's lazy pages are `<name>-page.tsx`. */
const PAGE_MODULE = /[\\/]([a-z0-9-]+-page)\.tsx$/;

/** What a page needs beyond the first load: its scripts (its chunk first) and its styles. */
export interface PageChunk {
  js: string[];
  css: string[];
}

/**
 * Writes `page-chunks.json` into the build: for each lazily loaded page (by its module's file
 * name, `song-page`), the chunks it loads that the entry does not already (its own and those it
 * imports) and their stylesheets, as absolute paths. The server names them in a page's HTML as
 * preloads, so that a page's own code arrives with the first load instead of after it.
 */
export function pageChunks(): Plugin {
  return {
    name: 'queuecast-page-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const reach = (start: readonly string[], into = new Set<string>()): Set<string> => {
        for (const file of start) {
          if (into.has(file)) continue;
          into.add(file);
          reach(byFile.get(file)?.imports ?? [], into);
        }
        return into;
      };
      const entry = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
      const firstLoad = reach(entry);
      const pages: Record<string, PageChunk> = {};
      for (const chunk of chunks) {
        const match = chunk.facadeModuleId ? PAGE_MODULE.exec(chunk.facadeModuleId) : null;
        if (!match || !chunk.isDynamicEntry) continue;
        const files = [...reach([chunk.fileName])].filter((f) => !firstLoad.has(f));
        const css = new Set<string>();
        for (const file of files) {
          for (const sheet of byFile.get(file)?.viteMetadata?.importedCss ?? []) css.add(sheet);
        }
        pages[match[1]!] = { js: files.map((f) => `/${f}`), css: [...css].map((f) => `/${f}`) };
      }
      this.emitFile({
        type: 'asset',
        fileName: 'page-chunks.json',
        source: JSON.stringify(pages, null, 1),
      });
    },
  };
}
