import { useEffect } from 'react';
import { notify } from '../../../lib/toast';
import { useTagCloud } from '../api/get-tag-cloud';
import { scaleTags } from '../tag-scale';
import { ScaledTagLink } from './scaled-tag-link';
import styles from '../catalog.module.css';

const SKELETONS = [5, 8, 4, 7, 6, 9, 5, 6, 8, 4, 7, 5];

/** Every tag with its count, sized by count, bold above half the largest. */
export function TagCloud() {
  const { data, isPending, isError } = useTagCloud();
  useEffect(() => {
    if (isError) notify.error('Failed to load tags');
  }, [isError]);
  if (isPending) {
    return (
      <div className={styles.tagCloud} role="status" aria-label="Loading tags">
        {SKELETONS.map((w, i) => (
          <span key={i} className={styles.skeleton} style={{ width: `${w}ch` }} />
        ))}
      </div>
    );
  }
  if (isError) return <p className="muted">Failed to load tags</p>;
  const tags = scaleTags(data, 0.5);
  if (tags.length === 0) return <p className="muted">No tags yet.</p>;
  return (
    <ul className={styles.tagCloud} aria-label="All tags">
      {tags.map((t) => (
        <li key={t.tag}>
          <ScaledTagLink tag={t} />
        </li>
      ))}
    </ul>
  );
}
