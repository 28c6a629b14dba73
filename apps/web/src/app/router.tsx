import { PAGES, type Route } from '@queuecast/contract';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteErrorPage } from './route-error-page';
import { Shell } from './shell';

/** Each page is its own chunk, so the first load carries only the shell. */
const page = (
  load: () => Promise<{ default: React.ComponentType }>,
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** A page's pattern as a child of the shell's '/': React Router wants it relative. */
const child = (route: Route<string>) => route.pattern.replace(/^\//, '');

export const router = createBrowserRouter([
  {
    path: PAGES.queue.pattern,
    Component: Shell,
    children: [
      {
        // A page that fails, or whose chunk fails to load, is shown as an error inside the
        // shell, so the menu and the player stay usable.
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, ...page(() => import('../features/queue/pages/queue-page')) },
          { path: child(PAGES.login), ...page(() => import('../features/auth/pages/login-page')) },
          {
            path: child(PAGES.signup),
            ...page(() => import('../features/auth/pages/signup-page')),
          },
          {
            path: child(PAGES.profile),
            ...page(() => import('../features/profile/pages/profile-page')),
          },
          { path: child(PAGES.feed), ...page(() => import('../features/feed/pages/feed-page')) },
          {
            path: child(PAGES.user),
            ...page(() => import('../features/people/pages/user-page')),
          },
          {
            path: child(PAGES.artists),
            ...page(() => import('../features/catalog/pages/artists-page')),
          },
          {
            path: child(PAGES.artist),
            ...page(() => import('../features/catalog/pages/artist-page')),
          },
          {
            path: child(PAGES.platform),
            ...page(() => import('../features/catalog/pages/platform-page')),
          },
          { path: child(PAGES.tags), ...page(() => import('../features/catalog/pages/tags-page')) },
          {
            path: child(PAGES.search),
            ...page(() => import('../features/catalog/pages/search-page')),
          },
          { path: child(PAGES.song), ...page(() => import('../features/catalog/pages/song-page')) },
          {
            path: child(PAGES.onelinerHistory),
            ...page(() => import('../features/chat/pages/oneliner-history-page')),
          },
          { path: child(PAGES.inbox), ...page(() => import('../features/inbox/pages/inbox-page')) },
          {
            path: child(PAGES.adminUsers),
            ...page(() => import('../features/admin/pages/admin-users-page')),
          },
          {
            path: child(PAGES.addSong),
            ...page(() => import('../features/staff/pages/add-song-page')),
          },
          {
            path: child(PAGES.uploadSong),
            ...page(() => import('../features/staff/pages/upload-song-page')),
          },
          {
            path: child(PAGES.missingSongs),
            ...page(() => import('../features/staff/pages/missing-songs-page')),
          },
          {
            path: child(PAGES.review),
            ...page(() => import('../features/staff/pages/review-page')),
          },
          { path: '*', ...page(() => import('./not-found-page')) },
        ],
      },
    ],
  },
]);
