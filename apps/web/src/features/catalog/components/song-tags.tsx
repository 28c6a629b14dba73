import { LIMITS, type SongDetail } from '@queuecast/contract';
import { Link } from 'react-router';
import { tagsPath } from '../tag-paths';
import { topTags } from '../tag-scale';
import { cx } from '../../../components/ui/cx';
import styles from '../catalog.module.css';

/** The song's tags as chips, then up to 8 related tags by count, each with its count. */
export function SongTags({ detail }: { detail: SongDetail }) {
  const related = topTags(detail.relatedTags, LIMITS.relatedTagsShown);
  return (
    <>
      {detail.tags.length > 0 && (
        <ul className={styles.tagChips} aria-label="Tags">
          {detail.tags.map((tag) => (
            <li key={tag}>
              <Link className={styles.chip} to={tagsPath([tag])}>
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {related.length > 0 && (
        <div className={styles.relatedLine}>
          <span className="muted">Related tags:</span>
          <ul className={styles.tagChips} aria-label="Related tags">
            {related.map(([tag, count]) => (
              <li key={tag}>
                <Link className={cx(styles.chip, styles.subtle)} to={tagsPath([tag])}>
                  {tag} <span className="muted">({count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
