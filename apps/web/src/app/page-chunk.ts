import { createElement, lazy, type ComponentType } from 'react';
import type { PagePrefetch } from '../lib/page-prefetch';

interface ChunkModule<P extends object> {
  default: ComponentType<P>;
  prefetch?: PagePrefetch;
}

/** A component in a chunk of its own that can be fetched ahead of its first render. */
export interface ChunkComponent<P extends object = object> {
  (props: P): ReturnType<typeof createElement>;
  /** Fetches the chunk (once); resolves when the component can render at once. */
  preload(): Promise<void>;
  /** The chunk's `prefetch`, once it is in. */
  prefetch(): PagePrefetch | undefined;
}

/**
 * Like React.lazy, except that once its chunk is in, the component renders at once instead of
 * suspending: a page whose chunk was fetched beside the shell's (main.tsx waits for it) is in
 * the first render, rather than a fallback that React would replace only after its reveal
 * step (300 ms).
 */
export function chunkComponent<P extends object = object>(
  load: () => Promise<ChunkModule<P>>,
): ChunkComponent<P> {
  let loaded: ChunkModule<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= load().then((m) => {
      loaded = m;
    }));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded!.default })));
  const render = (props: P) =>
    createElement(loaded?.default ?? (Lazy as unknown as ComponentType<P>), props);
  return Object.assign(render, { preload, prefetch: () => loaded?.prefetch });
}
