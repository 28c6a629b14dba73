import type { MouseEventHandler, ReactNode, TableHTMLAttributes } from 'react';
import styles from './table.module.css';
import { cx } from './cx';

/**
 * A table in a scrolling region: named for assistive technology, and focusable so a keyboard
 * can scroll it sideways where it is wider than the screen.
 */
export function Table({
  label,
  className,
  scrollClassName,
  onClick,
  ...table
}: {
  label: string;
  scrollClassName?: string;
  /** Clicks inside the table (a delegated link handler). */
  onClick?: MouseEventHandler<HTMLDivElement>;
} & Omit<TableHTMLAttributes<HTMLTableElement>, 'onClick'>) {
  return (
    <div
      className={cx(styles.scroll, scrollClassName)}
      role="region"
      aria-label={label}
      tabIndex={0}
      onClick={onClick}
    >
      <table className={cx(styles.table, className)} {...table} />
    </div>
  );
}

export type SortDirection = 'ascending' | 'descending' | 'none';

/** A column header that sorts when any part of the cell is pressed. */
export function SortHeader({
  children,
  direction,
  onSort,
  className,
}: {
  children: ReactNode;
  direction: SortDirection;
  onSort: () => void;
  className?: string;
}) {
  const arrow = direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕';
  return (
    <th scope="col" className={cx(styles.sortable, className)} aria-sort={direction}>
      <button type="button" className={styles.sortButton} onClick={onSort}>
        {children}
        <span aria-hidden="true" className={styles.arrow}>
          {arrow}
        </span>
      </button>
    </th>
  );
}

/** Right-aligned figures in a column (lengths, counts). */
export const numClass = styles.num;
