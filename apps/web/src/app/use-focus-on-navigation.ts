import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/**
 * Moves focus to `target` (the main content) after each navigation to another path, so keyboard
 * and screen-reader users start on the new page instead of on the link they left. The first
 * load keeps the browser's own start; a change of query only (a page of a list) keeps focus.
 */
export function useFocusOnNavigation(target: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    target.current?.focus({ preventScroll: true });
  }, [pathname, target]);
}
