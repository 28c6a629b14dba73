import { useEffect } from 'react';

/** The next page loads once the reader is this close to the bottom. */
const SCROLL_THRESHOLD_PX = 10;

const nearBottom = () =>
  window.innerHeight + window.scrollY >=
  document.documentElement.scrollHeight - SCROLL_THRESHOLD_PX;

/**
 * Infinite scroll for a page-long list: while `enabled`, scrolling near the bottom calls
 * `load`, and so does a list too short to scroll (checked again whenever `shown` changes).
 * Callers disable it after a failed page, so that an outage waits for a 'Load more' click
 * instead of looping.
 */
export function useLoadNearBottom(enabled: boolean, load: () => unknown, shown: number): void {
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      if (nearBottom()) void load();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [enabled, load, shown]);
}
