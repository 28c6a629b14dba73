import { useEffect } from 'react';
import { useStationName } from './playback';

/** 'Page · Station', or the station alone for a page without a title of its own. */
export const documentTitle = (page: string | undefined, station: string): string =>
  page ? `${page} · ${station}` : station;

/**
 * Names the document after the page on screen, so tabs, history and screen readers announce
 * where a navigation landed. `page` may change once its data has loaded.
 */
export function useDocumentTitle(page: string | undefined): void {
  const station = useStationName();
  useEffect(() => {
    document.title = documentTitle(page, station);
  }, [page, station]);
}
