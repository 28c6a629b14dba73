import { Link } from 'react-router';
import { tagsPath } from '../tag-paths';
import type { ScaledTag } from '../tag-scale';
import { cx } from '../../../components/ui/cx';
import styles from '../catalog.module.css';

/** A tag in a cloud: sized and weighted by its count, with the count beside it. */
export function ScaledTagLink({ tag }: { tag: ScaledTag }) {
  return (
    <>
      <Link
        to={tagsPath([tag.tag])}
        style={{ fontSize: `${tag.size}rem`, fontWeight: tag.bold ? 700 : 400 }}
      >
        {tag.tag}
      </Link>{' '}
      <span className={cx('muted', styles.tagCount)}>({tag.count})</span>
    </>
  );
}
