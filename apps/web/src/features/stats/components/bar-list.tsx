import styles from '../stats.module.css';

export interface Bar {
  label: string;
  value: number;
  /** The value as shown (a count, a share, a time). */
  text: string;
}

/** Horizontal bars, each as long as its share of the largest, in a list a screen reader reads. */
export function BarList({ label, bars }: { label: string; bars: Bar[] }) {
  const top = Math.max(1, ...bars.map((b) => b.value));
  return (
    <ul className={styles.bars} aria-label={label}>
      {bars.map((bar) => (
        <li key={bar.label}>
          <span className={styles.barLabel}>{bar.label}</span>
          <span className={styles.barTrack} aria-hidden="true">
            <span className={styles.barFill} style={{ width: `${(bar.value / top) * 100}%` }} />
          </span>
          <span className={styles.barText}>{bar.text}</span>
        </li>
      ))}
    </ul>
  );
}
