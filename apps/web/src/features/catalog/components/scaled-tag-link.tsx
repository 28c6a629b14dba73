import { Link } from 'react-router';
import { tagsPath } from '../tag-paths';
import type { ScaledTag } from '../tag-scale';

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
      <span className="muted tag-count">({tag.count})</span>
    </>
  );
}
