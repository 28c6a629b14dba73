import { Suspense, useRef, useState } from 'react';
import { Toaster } from 'react-hot-toast';
import { Outlet, useLocation } from 'react-router';
import { useSessionData } from '../api/use-session-data';
import { TOAST_DURATIONS } from '../lib/toast';
import { Banner } from './banner';
import { LeftSidebar } from './left-sidebar';
import { RightSidebar } from './right-sidebar';
import { useFocusOnNavigation } from './use-focus-on-navigation';
import { useLiveSync } from './use-live-sync';

export function Shell() {
  useLiveSync();
  useSessionData();
  const [menuOpen, setMenuOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMenuOpen(false);
  }
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <button
        type="button"
        className="menu-toggle"
        aria-expanded={menuOpen}
        aria-controls="left-sidebar"
        onClick={() => setMenuOpen((open) => !open)}
      >
        {menuOpen ? 'Close menu' : 'Menu'}
      </button>
      <LeftSidebar open={menuOpen} />
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
