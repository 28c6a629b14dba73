import { LIMITS } from '@queuecast/contract';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { parseOffset } from '../../components/page-list';

/**
 * The list offset kept in the `offset` query (so pages can be linked), and a page setter that
 * scrolls up.
 */
export function usePageOffset(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const offset = parseOffset(params.get('offset'));
  const setPage = useCallback(
    (page: number) => {
      setParams((p) => {
        const next = new URLSearchParams(p);
        if (page <= 1) next.delete('offset');
        else next.set('offset', String((page - 1) * LIMITS.pageSize));
        return next;
      });
      window.scrollTo(0, 0);
    },
    [setParams],
  );
  return [offset, setPage];
}
