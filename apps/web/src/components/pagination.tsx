import { pageList } from './page-list';
import styles from './pagination.module.css';
import { cx } from './ui/cx';

/**
 * Previous / numbered / Next page buttons. Long lists show them above and below, hence the
 * `position` that tells the two navigation landmarks apart.
 */
export function Pagination({
  page,
  totalPages,
  onPage,
  position,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  position: 'top' | 'bottom';
}) {
  if (totalPages <= 1) return null;
  return (
    <nav
      className={styles.pagination}
      aria-label={position === 'top' ? 'Pages' : 'Pages (bottom)'}
      data-position={position}
    >
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      {pageList(totalPages, page).map((item, i) =>
        item === 'gap' ? (
          <span key={`gap-${i}`} className={styles.pageGap} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={cx(styles.page, item === page && styles.current)}
            aria-label={`Page ${item}`}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
