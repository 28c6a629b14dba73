import { PAGES } from '@queuecast/contract';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../lib/toast';

export const NO_PERMISSION_TEXT = 'You do not have permission to access this page';

/**
 * A page for some roles only. Anyone else (signed out included) is told so once and sent to
 * the queue page; the page itself never renders for them, so it fetches nothing.
 */
export function RoleGate({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (allowed) return;
    // One toast even if the effect runs twice (development's strict mode).
    notify.error(NO_PERMISSION_TEXT, 'no-permission');
    void navigate(PAGES.queue.path(), { replace: true });
  }, [allowed, navigate]);
  return allowed ? children : null;
}
