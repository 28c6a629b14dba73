import { createBrowserRouter, type RouteObject } from 'react-router';
import { Shell } from './shell';

/** Each page is its own chunk, so the first load carries only the shell. */
const page = (
  load: () => Promise<{ default: React.ComponentType }>,
): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const router = createBrowserRouter([
  {
    path: '/',
    Component: Shell,
    children: [
      { index: true, ...page(() => import('../features/queue/pages/queue-page')) },
      { path: 'login', ...page(() => import('../features/auth/pages/login-page')) },
      { path: 'signup', ...page(() => import('../features/auth/pages/signup-page')) },
      { path: 'profile', ...page(() => import('../features/profile/pages/profile-page')) },
      { path: 'feed', ...page(() => import('../features/feed/pages/feed-page')) },
      { path: 'artists/:letter?', ...page(() => import('../features/catalog/pages/artists-page')) },
      { path: 'artist/:id', ...page(() => import('../features/catalog/pages/artist-page')) },
      {
        path: 'platform/:platform?',
        ...page(() => import('../features/catalog/pages/platform-page')),
      },
      { path: 'tags/:tags?', ...page(() => import('../features/catalog/pages/tags-page')) },
      { path: 'search', ...page(() => import('../features/catalog/pages/search-page')) },
      { path: 'song/:id', ...page(() => import('../features/catalog/pages/song-page')) },
      {
        path: 'onelinerhistory',
        ...page(() => import('../features/chat/pages/oneliner-history-page')),
      },
      { path: 'inbox', ...page(() => import('../features/inbox/pages/inbox-page')) },
      { path: 'addsong', ...page(() => import('../features/staff/pages/add-song-page')) },
      {
        path: 'uploadsong/:songId',
        ...page(() => import('../features/staff/pages/upload-song-page')),
      },
      { path: 'missingsongs', ...page(() => import('../features/staff/pages/missing-songs-page')) },
      { path: '*', ...page(() => import('./not-found-page')) },
    ],
  },
]);
