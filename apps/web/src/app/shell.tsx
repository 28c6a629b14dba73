import { PAGES } from '@queuecast/contract';
import { lazy, Suspense, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Toaster } from '../components/ui/toast';
import { cx } from '../components/ui/cx';
import { useSession } from '../lib/session';
import { Banner } from './banner';
import { LeftSidebar } from './left-sidebar';
import { RightSidebar } from './right-sidebar';
import { RouteErrorBoundary } from './route-error-boundary';
import styles from './shell.module.css';

// The signed-in listener's votes and favourites load after the first paint: the page's lists
// need them, the shell itself does not (nor anyone signed out).
const SessionData = lazy(() => import('../api/use-session-data'));
import { useFocusOnNavigation } from './use-focus-on-navigation';
import { useMenuDrawer } from './use-menu-drawer';
import { useLiveSync } from './use-live-sync';

export function Shell() {
  useLiveSync();
  const { open: menuOpen, toggle: toggleMenu, buttonRef, drawerRef } = useMenuDrawer();
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const signedIn = useSession() !== null;
  useFocusOnNavigation(main);
  // The queue page opens with the station (banner, full player) on a phone; the others with
  // their own content, the player shrunk to a bar at the bottom.
  const onQueue = pathname === PAGES.queue.path();
  return (
    <div className={cx(styles.shell, menuOpen && styles.menuOpen, !onQueue && styles.withMini)}>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      {/* Shown at phone width only: the sidebar menu folds behind this button. */}
      <div className={styles.topBar} data-testid="top-bar">
        <button
          type="button"
          ref={buttonRef}
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls="left-sidebar"
          onClick={toggleMenu}
        >
          <span aria-hidden="true" className={styles.menuIcon} />
          Menu
        </button>
        {!onQueue && (
          <Link to={PAGES.queue.path()} className={styles.home}>
            Queuecast
          </Link>
        )}
        <a className={styles.chatJump} href="#chat-title">
          Chat
        </a>
      </div>
      <LeftSidebar open={menuOpen} drawerRef={drawerRef} className={styles.left} />
      <div className={styles.center}>
        <Banner className={styles.banner} eager={onQueue} />
        <main id="main" tabIndex={-1} ref={main} className={styles.main}>
          <RouteErrorBoundary key={pathname}>
            <Suspense fallback={<p className="muted">Loading...</p>}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
      </div>
      <RightSidebar
        className={styles.right}
        playingClassName={styles.playing}
        chatClassName={styles.chat}
        fullPlayerOnPhone={onQueue}
      />
      <Toaster />
      {signedIn && (
        <Suspense fallback={null}>
          <SessionData />
        </Suspense>
      )}
    </div>
  );
}
