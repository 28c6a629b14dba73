import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { notify } from '../../../lib/toast';
import { PANEL_TITLES, type Panel } from '../stats-range';
import styles from '../stats.module.css';

/**
 * One panel of the statistics: its title, a CSV download, and its figures once loaded, with
 * the loading, empty and error states between.
 */
export function StatsPanel<T>({
  panel,
  query,
  isEmpty,
  download,
  controls,
  children,
}: {
  panel: Panel;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  download: () => Promise<void>;
  controls?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const title = PANEL_TITLES[panel];
  const [downloading, setDownloading] = useState(false);
  useEffect(() => {
    if (query.isError) notify.error(`Failed to load ${title.toLowerCase()}`);
  }, [query.isError, title]);
  const csv = () => {
    setDownloading(true);
    download()
      .catch(() => notify.error('Failed to download the CSV'))
      .finally(() => setDownloading(false));
  };
  return (
    <Card title={title} titleId={`stats-${panel}`} className={styles.panel} data-panel={panel}>
      <div className={styles.panelTools}>
        {controls}
        <button type="button" onClick={csv} disabled={downloading || !query.data}>
          {downloading ? 'Downloading…' : 'CSV'}
          <span className="visually-hidden"> of {title.toLowerCase()}</span>
        </button>
      </div>
      {query.isPending ? (
        <p className="muted">Loading...</p>
      ) : !query.data ? (
        <div>
          <p className="muted">{title} could not be loaded.</p>
          <button type="button" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : isEmpty(query.data) ? (
        <p className="muted">No data for this range yet.</p>
      ) : (
        children(query.data)
      )}
    </Card>
  );
}
