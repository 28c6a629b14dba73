import type { Alias } from 'vite';

/**
 * The client is written against React's API (react, react-dom, and the libraries built on it:
 * React Router, TanStack Query) and runs on Preact's implementation of it (preact/compat): the
 * same components in a third of the first load (vendor chunk 82 kB → 33 kB brotli), which a
 * phone on a slow connection parses and runs before it draws anything. The type checker still
 * reads React's types. Tests render with it too (react-dom/server: preact-render-to-string).
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact-render-to-string' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
