import { pageLabel } from '../missing-songs-view';
import styles from '../missing-songs.module.css';

/** First, previous, next and last page buttons around 'Page X of Y'. */
export function PageStepper({
  page,
  totalPages,
  onPage,
  busy,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  busy: boolean;
}) {
  const last = Math.max(1, totalPages);
  return (
    <nav className={styles.pageStepper} aria-label="Pages" aria-busy={busy}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(1)}>
        First
      </button>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className={styles.pageStepperLabel} aria-live="polite">
        {pageLabel(page, totalPages)}
      </span>
      <button type="button" disabled={page >= last} onClick={() => onPage(page + 1)}>
        Next
      </button>
      <button type="button" disabled={page >= last} onClick={() => onPage(last)}>
        Last
      </button>
    </nav>
  );
}
