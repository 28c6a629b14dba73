import type { HTMLAttributes, ReactNode } from 'react';
import styles from './card.module.css';
import { cx } from './cx';

/**
 * A panel on the page's background. With a `title` it is a section named by its heading
 * (`titleId` lets the caller point at it, e.g. a skip link).
 */
export function Card({
  title,
  titleId,
  className,
  children,
  ...rest
}: { title?: ReactNode; titleId?: string; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  if (title === undefined) {
    return (
      <div className={cx(styles.card, className)} {...rest}>
        {children}
      </div>
    );
  }
  return (
    <section className={cx(styles.card, className)} aria-labelledby={titleId} {...rest}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The card's look for an element of another kind (the shell's <main>, an <aside>). */
export const cardClass = styles.card;
