import { PAGES, type Route as PageRoute } from '@queuecast/contract';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, Route, Routes } from 'react-router';
import { DASHBOARD_PAGE } from '../features/dashboard/dashboard-route';
import { STATS_PAGE } from '../features/stats/stats-route';
import { WEBHOOKS_PAGE } from '../features/admin/webhooks-route';
import { SCHEDULE_PAGE, SHOW_PAGE } from '../features/schedule/schedule-route';
import { chunkComponent, type ChunkComponent } from './page-chunk';
import { Shell } from './shell';

// Each page is its own chunk, so the first load carries only the shell. React Router runs in
// its declarative mode (<BrowserRouter>, <Routes>): the pages load their own data through
// TanStack Query, so the data router's loaders, actions and fetchers would be dead weight,
// and leaving them out takes about 60 kB (raw) off the first load.
const QueuePage = chunkComponent(() => import('../features/queue/pages/queue-page'));
const LoginPage = chunkComponent(() => import('../features/auth/pages/login-page'));
const SignupPage = chunkComponent(() => import('../features/auth/pages/signup-page'));
const ProfilePage = chunkComponent(() => import('../features/profile/pages/profile-page'));
const FeedPage = chunkComponent(() => import('../features/feed/pages/feed-page'));
const SchedulePage = chunkComponent(() => import('../features/schedule/pages/schedule-page'));
const ShowPage = chunkComponent(() => import('../features/schedule/pages/show-page'));
const UserPage = chunkComponent(() => import('../features/people/pages/user-page'));
const ArtistsPage = chunkComponent(() => import('../features/catalog/pages/artists-page'));
const ArtistPage = chunkComponent(() => import('../features/catalog/pages/artist-page'));
const PlatformPage = chunkComponent(() => import('../features/catalog/pages/platform-page'));
const TagsPage = chunkComponent(() => import('../features/catalog/pages/tags-page'));
const SearchPage = chunkComponent(() => import('../features/catalog/pages/search-page'));
const SongPage = chunkComponent(() => import('../features/catalog/pages/song-page'));
const OnelinerHistoryPage = chunkComponent(
  () => import('../features/chat/pages/oneliner-history-page'),
);
const InboxPage = chunkComponent(() => import('../features/inbox/pages/inbox-page'));
const AdminUsersPage = chunkComponent(() => import('../features/admin/pages/admin-users-page'));
const AdminWebhooksPage = chunkComponent(
  () => import('../features/admin/pages/admin-webhooks-page'),
);
const AddSongPage = chunkComponent(() => import('../features/staff/pages/add-song-page'));
const UploadSongPage = chunkComponent(() => import('../features/staff/pages/upload-song-page'));
const MissingSongsPage = chunkComponent(() => import('../features/staff/pages/missing-songs-page'));
const ReviewPage = chunkComponent(() => import('../features/staff/pages/review-page'));
const DashboardPage = chunkComponent(() => import('../features/dashboard/pages/dashboard-page'));
const StatsPage = chunkComponent(() => import('../features/stats/pages/stats-page'));
const NotFoundPage = chunkComponent(() => import('./not-found-page'));

/** A page's pattern as a child of the shell's '/': React Router wants it relative. */
const child = (route: PageRoute<string>) => route.pattern.replace(/^\//, '');

/** Every page of the site inside the shell, by its path under '/' (the queue is its index). */
const ROUTES: { path?: string; page: ChunkComponent }[] = [
  { page: QueuePage },
  { path: child(PAGES.login), page: LoginPage },
  { path: child(PAGES.signup), page: SignupPage },
  { path: child(PAGES.profile), page: ProfilePage },
  { path: child(PAGES.feed), page: FeedPage },
  { path: child(SCHEDULE_PAGE), page: SchedulePage },
  { path: child(SHOW_PAGE), page: ShowPage },
  { path: child(PAGES.user), page: UserPage },
  { path: child(PAGES.artists), page: ArtistsPage },
  { path: child(PAGES.artist), page: ArtistPage },
  { path: child(PAGES.platform), page: PlatformPage },
  { path: child(PAGES.tags), page: TagsPage },
  { path: child(PAGES.search), page: SearchPage },
  { path: child(PAGES.song), page: SongPage },
  { path: child(PAGES.onelinerHistory), page: OnelinerHistoryPage },
  { path: child(PAGES.inbox), page: InboxPage },
  { path: child(PAGES.adminUsers), page: AdminUsersPage },
  { path: child(WEBHOOKS_PAGE), page: AdminWebhooksPage },
  { path: child(PAGES.addSong), page: AddSongPage },
  { path: child(PAGES.uploadSong), page: UploadSongPage },
  { path: child(PAGES.missingSongs), page: MissingSongsPage },
  { path: child(PAGES.review), page: ReviewPage },
  { path: child(DASHBOARD_PAGE), page: DashboardPage },
  { path: child(STATS_PAGE), page: StatsPage },
  { path: '*', page: NotFoundPage },
];

/**
 * Fetches the chunk of the page at `pathname` and then the data its first screen shows (its
 * `prefetch`), so that the first render draws the page complete.
 */
export async function preloadPage(
  queryClient: QueryClient,
  pathname: string,
  search: string,
): Promise<void> {
  const children = ROUTES.map(({ path }) => (path ? { path } : { index: true }));
  const matches = matchRoutes([{ path: PAGES.queue.pattern, children }], pathname);
  const match = matches?.at(-1);
  const route = match && ROUTES[children.indexOf(match.route)];
  if (!route) return;
  await route.page.preload();
  await route.page.prefetch()?.(queryClient, {
    params: match.params,
    search: new URLSearchParams(search),
  });
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path={PAGES.queue.pattern} element={<Shell />}>
        {ROUTES.map(({ path, page: Page }) =>
          path ? (
            <Route key={path} path={path} element={<Page />} />
          ) : (
            <Route key="index" index element={<Page />} />
          ),
        )}
      </Route>
    </Routes>
  );
}
