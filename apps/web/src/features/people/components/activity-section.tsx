import type { ReactNode } from 'react';
import styles from '../people.module.css';

/** One list of a person's page under its heading, or what to say when it is empty. */
export function ActivitySection({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  /** The list's items; none: `empty` is shown. */
  children: ReactNode[];
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ol className={styles.list}>{children}</ol>
      )}
    </section>
  );
}
