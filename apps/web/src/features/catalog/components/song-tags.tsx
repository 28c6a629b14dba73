import { LIMITS, type SongDetail } from '@queuecast/contract';
import { Link } from 'react-router';
import { tagsPath } from '../tag-paths';
import { topTags } from '../tag-scale';

/** The song's tags as chips, then up to 8 related tags by count, each with its count. */
export function SongTags({ detail }: { detail: SongDetail }) {
  const related = topTags(detail.relatedTags, LIMITS.relatedTagsShown);
  return (
    <>
      {detail.tags.length > 0 && (
        <ul className="tag-chips" aria-label="Tags">
          {detail.tags.map((tag) => (
            <li key={tag}>
              <Link className="chip" to={tagsPath([tag])}>
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {related.length > 0 && (
        <div className="related-line">
          <span className="muted">Related tags:</span>
          <ul className="tag-chips" aria-label="Related tags">
            {related.map(([tag, count]) => (
              <li key={tag}>
                <Link className="chip subtle" to={tagsPath([tag])}>
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
