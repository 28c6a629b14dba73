import { PAGES, type Route as PageRoute } from '@queuecast/contract';
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { DASHBOARD_PAGE } from '../features/dashboard/dashboard-route';
import { STATS_PAGE } from '../features/stats/stats-route';
import { WEBHOOKS_PAGE } from '../features/admin/webhooks-route';
import { SCHEDULE_PAGE, SHOW_PAGE } from '../features/schedule/schedule-route';
import { Shell } from './shell';

// Each page is its own chunk, so the first load carries only the shell. React Router runs in
// its declarative mode (<BrowserRouter>, <Routes>): the pages load their own data through
// TanStack Query, so the data router's loaders, actions and fetchers would be dead weight,
// and leaving them out takes about 60 kB (raw) off the first load.
const QueuePage = lazy(() => import('../features/queue/pages/queue-page'));
const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const SignupPage = lazy(() => import('../features/auth/pages/signup-page'));
const ProfilePage = lazy(() => import('../features/profile/pages/profile-page'));
const FeedPage = lazy(() => import('../features/feed/pages/feed-page'));
const SchedulePage = lazy(() => import('../features/schedule/pages/schedule-page'));
const ShowPage = lazy(() => import('../features/schedule/pages/show-page'));
const UserPage = lazy(() => import('../features/people/pages/user-page'));
const ArtistsPage = lazy(() => import('../features/catalog/pages/artists-page'));
const ArtistPage = lazy(() => import('../features/catalog/pages/artist-page'));
const PlatformPage = lazy(() => import('../features/catalog/pages/platform-page'));
const TagsPage = lazy(() => import('../features/catalog/pages/tags-page'));
const SearchPage = lazy(() => import('../features/catalog/pages/search-page'));
const SongPage = lazy(() => import('../features/catalog/pages/song-page'));
const OnelinerHistoryPage = lazy(() => import('../features/chat/pages/oneliner-history-page'));
const InboxPage = lazy(() => import('../features/inbox/pages/inbox-page'));
const AdminUsersPage = lazy(() => import('../features/admin/pages/admin-users-page'));
const AdminWebhooksPage = lazy(() => import('../features/admin/pages/admin-webhooks-page'));
const AddSongPage = lazy(() => import('../features/staff/pages/add-song-page'));
const UploadSongPage = lazy(() => import('../features/staff/pages/upload-song-page'));
const MissingSongsPage = lazy(() => import('../features/staff/pages/missing-songs-page'));
const ReviewPage = lazy(() => import('../features/staff/pages/review-page'));
const DashboardPage = lazy(() => import('../features/dashboard/pages/dashboard-page'));
const StatsPage = lazy(() => import('../features/stats/pages/stats-page'));
const NotFoundPage = lazy(() => import('./not-found-page'));

/** A page's pattern as a child of the shell's '/': React Router wants it relative. */
const child = (route: PageRoute<string>) => route.pattern.replace(/^\//, '');

/** Every page of the site inside the shell (which catches a page that fails, see shell.tsx). */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={PAGES.queue.pattern} element={<Shell />}>
        <Route index element={<QueuePage />} />
        <Route path={child(PAGES.login)} element={<LoginPage />} />
        <Route path={child(PAGES.signup)} element={<SignupPage />} />
        <Route path={child(PAGES.profile)} element={<ProfilePage />} />
        <Route path={child(PAGES.feed)} element={<FeedPage />} />
        <Route path={child(SCHEDULE_PAGE)} element={<SchedulePage />} />
        <Route path={child(SHOW_PAGE)} element={<ShowPage />} />
        <Route path={child(PAGES.user)} element={<UserPage />} />
        <Route path={child(PAGES.artists)} element={<ArtistsPage />} />
        <Route path={child(PAGES.artist)} element={<ArtistPage />} />
        <Route path={child(PAGES.platform)} element={<PlatformPage />} />
        <Route path={child(PAGES.tags)} element={<TagsPage />} />
        <Route path={child(PAGES.search)} element={<SearchPage />} />
        <Route path={child(PAGES.song)} element={<SongPage />} />
        <Route path={child(PAGES.onelinerHistory)} element={<OnelinerHistoryPage />} />
        <Route path={child(PAGES.inbox)} element={<InboxPage />} />
        <Route path={child(PAGES.adminUsers)} element={<AdminUsersPage />} />
        <Route path={child(WEBHOOKS_PAGE)} element={<AdminWebhooksPage />} />
        <Route path={child(PAGES.addSong)} element={<AddSongPage />} />
        <Route path={child(PAGES.uploadSong)} element={<UploadSongPage />} />
        <Route path={child(PAGES.missingSongs)} element={<MissingSongsPage />} />
        <Route path={child(PAGES.review)} element={<ReviewPage />} />
        <Route path={child(DASHBOARD_PAGE)} element={<DashboardPage />} />
        <Route path={child(STATS_PAGE)} element={<StatsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
