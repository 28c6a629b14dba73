import { useEffect, type ReactNode } from 'react';
import { notify } from '../lib/toast';
import { Button } from './ui/button';

/** What `QueryView` reads of a query, a plain or an infinite one. */
export interface ViewedQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A loaded list's states, drawn the same way on every page that has one: "Loading..." until the
 * first answer; a failure as a toast (`failedToast`) and, while nothing was loaded, a line saying
 * so (`failed`) with Try again; `empty` when the answer holds nothing (`isEmpty`); else
 * `children` with the data. A failed refresh keeps what was shown.
 */
export function QueryView<T>({
  query,
  failedToast,
  failed,
  isEmpty,
  empty,
  children,
}: {
  query: ViewedQuery<T>;
  failedToast: string;
  failed: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  useEffect(() => {
    if (query.isError) notify.error(failedToast);
  }, [query.isError, failedToast]);
  if (query.isPending) return <p className="muted">Loading...</p>;
  if (query.data === undefined) {
    return (
      <div>
        <p className="muted">{failed}</p>
        <Button size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (isEmpty?.(query.data)) return <p className="muted">{empty}</p>;
  return <>{children(query.data)}</>;
}
