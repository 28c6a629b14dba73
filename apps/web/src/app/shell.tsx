import { Suspense, useRef } from 'react';
import { Toaster } from 'react-hot-toast';
import { Outlet } from 'react-router';
import { useSessionData } from '../api/use-session-data';
import { TOAST_DURATIONS } from '../lib/toast';
import { Banner } from './banner';
import { LeftSidebar } from './left-sidebar';
import { RightSidebar } from './right-sidebar';
import { useFocusOnNavigation } from './use-focus-on-navigation';
import { useMenuDrawer } from './use-menu-drawer';
import { useLiveSync } from './use-live-sync';

export function Shell() {
  useLiveSync();
  useSessionData();
  const { open: menuOpen, toggle: toggleMenu, buttonRef, drawerRef } = useMenuDrawer();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  return (
    <div className={menuOpen ? 'shell menu-open' : 'shell'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Shown at phone width only: the sidebar menu folds behind this button. */}
      <div className="top-bar">
        <button
          type="button"
          ref={buttonRef}
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="left-sidebar"
          onClick={toggleMenu}
        >
          <span aria-hidden="true" className="menu-icon" />
          Menu
        </button>
        <a className="chat-jump" href="#chat-title">
          Chat
        </a>
      </div>
      <LeftSidebar open={menuOpen} drawerRef={drawerRef} />
      <div className="center">
        <Banner />
        <main id="main" tabIndex={-1} ref={main}>
          <Suspense fallback={<p className="muted">Loading...</p>}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <RightSidebar />
      {/* react-hot-toast keeps at most 20 toasts (its default limit), the most the product shows. */}
      <Toaster
        position="bottom-right"
        toastOptions={{
          duration: TOAST_DURATIONS.blank,
          success: { duration: TOAST_DURATIONS.success },
          error: { duration: TOAST_DURATIONS.error },
          loading: { duration: TOAST_DURATIONS.loading },
        }}
      />
    </div>
  );
}
