import type { HTMLAttributes } from 'react';
import styles from './badge.module.css';
import { cx } from './cx';

/**
 * A small label: `count` (an unread count), `tag` (a platform's short name, a country code) or
 * `live` (the LIVE mark, pulsing while `on`).
 */
export function Badge({
  kind,
  on = false,
  className,
  ...rest
}: { kind: 'count' | 'tag' | 'live'; on?: boolean } & HTMLAttributes<HTMLSpanElement>) {
  return <span className={cx(styles[kind], on && styles.on, className)} {...rest} />;
}

/** The tag look for a link (a platform badge that leads to the platform). */
export const tagClass = styles.tag;
