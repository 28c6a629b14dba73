import { isStaff, PAGES } from '@queuecast/contract';
import { useState, type FormEvent, type RefObject } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { UserLink } from '../components/user-link';
import { useUnreadCount } from '../features/inbox/api/get-unread-count';
import { SCHEDULE_PAGE } from '../features/schedule/schedule-route';
import { DASHBOARD_PAGE } from '../features/dashboard/dashboard-route';
import { STATS_PAGE } from '../features/stats/stats-route';
import { WEBHOOKS_PAGE } from '../features/admin/webhooks-route';
import { badgeText } from '../features/inbox/badge-text';
import { usePlayback } from '../lib/playback';
import { Badge } from '../components/ui/badge';
import { cardClass } from '../components/ui/card';
import { cx } from '../components/ui/cx';
import { sessionStore, useSession } from '../lib/session';
import styles from './left-sidebar.module.css';

function SearchBox() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = term.trim();
    if (q) void navigate(PAGES.search.path({ q }));
  };
  return (
    <form role="search" onSubmit={submit} className={styles.search}>
      <input
        type="search"
        aria-label="Search songs"
        placeholder="Search songs..."
        value={term}
        onChange={(e) => setTerm(e.target.value)}
      />
    </form>
  );
}

function ActiveUsers() {
  const users = usePlayback()?.active_users;
  if (!users?.length) return null;
  const sorted = [...users].sort((a, b) =>
    a.username.localeCompare(b.username, undefined, { sensitivity: 'base' }),
  );
  return (
    <section className={styles.activeUsers} aria-labelledby="active-users-title">
      <h2 id="active-users-title">Active Users</h2>
      <ul>
        {sorted.map((u) => (
          <li key={u.username}>
            <UserLink username={u.username} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function LeftSidebar({
  open,
  drawerRef,
  className,
}: {
  open: boolean;
  className?: string;
  /** Takes focus when the menu opens at phone width. */
  drawerRef?: RefObject<HTMLElement | null>;
}) {
  const session = useSession();
  const unread = useUnreadCount();
  const navigate = useNavigate();
  const logOut = () => {
    sessionStore.logout();
    void navigate(PAGES.queue.path());
  };
  return (
    <aside
      id="left-sidebar"
      ref={drawerRef}
      tabIndex={-1}
      aria-label="Site menu"
      className={cx(cardClass, styles.sidebar, open && styles.open, className)}
    >
      <SearchBox />
      <nav aria-label="Main">
        <ul className={styles.menu}>
          <li>
            <NavLink to={PAGES.queue.path()} end>
              Queue
            </NavLink>
          </li>
          <li>
            <NavLink to={PAGES.artists.path({})}>Artists</NavLink>
          </li>
          <li>
            <NavLink to={PAGES.platform.path({})}>Platforms</NavLink>
          </li>
          <li>
            <NavLink to={PAGES.tags.path({})}>Tags</NavLink>
          </li>
          <li>
            <NavLink to={PAGES.feed.path()}>Feed</NavLink>
          </li>
          <li>
            <NavLink to={SCHEDULE_PAGE.path()}>Schedule</NavLink>
          </li>
        </ul>
        {session ? (
          <ul className={styles.menu}>
            <li>
              <NavLink to={PAGES.profile.path()}>{session.user.username}</NavLink>
            </li>
            <li>
              <NavLink
                to={PAGES.inbox.path()}
                aria-label={unread > 0 ? `Inbox, ${unread} unread` : 'Inbox'}
              >
                Inbox{' '}
                {unread > 0 && (
                  <Badge kind="count" data-testid="unread-badge">
                    {badgeText(unread)}
                  </Badge>
                )}
              </NavLink>
            </li>
            {/* Any listener may add a song; staff review what listeners add. */}
            <li>
              <NavLink to={PAGES.addSong.path()}>Add Song</NavLink>
            </li>
            {isStaff(session.user.role) && (
              <>
                <li>
                  <NavLink to={PAGES.missingSongs.path()}>Missing Files</NavLink>
                </li>
                <li>
                  <NavLink to={PAGES.review.path()}>Review</NavLink>
                </li>
                <li>
                  <NavLink to={DASHBOARD_PAGE.path()}>Dashboard</NavLink>
                </li>
                <li>
                  <NavLink to={STATS_PAGE.path()}>Statistics</NavLink>
                </li>
              </>
            )}
            {session.user.role === 'admin' && (
              <>
                <li>
                  <NavLink to={PAGES.adminUsers.path()}>Users</NavLink>
                </li>
                <li>
                  <NavLink to={WEBHOOKS_PAGE.path()}>Webhooks</NavLink>
                </li>
              </>
            )}
            <li>
              <button type="button" className={styles.linkButton} onClick={logOut}>
                Log Out
              </button>
            </li>
          </ul>
        ) : (
          <ul className={styles.menu}>
            <li>
              <NavLink to={PAGES.login.path()}>Log In</NavLink>
            </li>
            <li>
              <NavLink to={PAGES.signup.path()}>Sign Up</NavLink>
            </li>
          </ul>
        )}
      </nav>
      <ActiveUsers />
    </aside>
  );
}
