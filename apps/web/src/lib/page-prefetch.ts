import type { QueryClient } from '@tanstack/react-query';

/** Where a page is opened: its route's parameters and the address's query. */
export interface PageAt {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
}

/**
 * What a page module may export beside its component: the queries its first screen shows,
 * fetched before the app's first render (main.tsx) so that the page draws complete, not as
 * "Loading...". Errors are left in the queries, for the page to show.
 */
export type PagePrefetch = (queryClient: QueryClient, at: PageAt) => Promise<unknown>;
