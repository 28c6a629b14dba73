import { LIMITS } from '@queuecast/contract';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { pageInfo } from '../../../components/page-list';
import { Pagination } from '../../../components/pagination';
import { QueueButtons } from '../../../components/queue-buttons';
import { SongTable } from '../../../components/song-table';
import { plural } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { InvalidSongData, useTagSongs } from '../api/get-tag-songs';
import { tagsPath } from '../tag-paths';
import { scaleTags } from '../tag-scale';
import { usePageOffset } from '../use-page-offset';
import { ScaledTagLink } from './scaled-tag-link';
import styles from '../catalog.module.css';

/** Other tags on the listed songs (bold above 70 % of the largest), each addable to the filter. */
function RelatedTags({ tags, related }: { tags: string[]; related: Record<string, number> }) {
  const scaled = scaleTags(related, 0.7);
  if (scaled.length === 0) return null;
  return (
    <section aria-labelledby="related-tags-title" className="related-tags">
      <h2 id="related-tags-title">Related tags</h2>
      <ul className={styles.tagCloud}>
        {scaled.map((t) => (
          <li key={t.tag}>
            <ScaledTagLink tag={t} />{' '}
            <Link
              to={tagsPath([...tags, t.tag])}
              className={styles.addTag}
              aria-label={`Add ${t.tag} to the filter`}
              title={`Only songs also tagged ${t.tag}`}
            >
              +
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Chips of the active filter, each removable, shown when more than one tag is combined. */
function FilterChips({ tags }: { tags: string[] }) {
  const navigate = useNavigate();
  if (tags.length < 2) return null;
  return (
    <ul className={styles.filterChips} aria-label="Active tag filter">
      {tags.map((tag) => (
        <li key={tag} className={styles.chip}>
          {tag}
          <button
            type="button"
            aria-label={`Remove ${tag} from the filter`}
            onClick={() => void navigate(tagsPath(tags.filter((t) => t !== tag)))}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Songs carrying all of `tags` (intersection computed by the server), 500 per page. */
export function TagSongs({ tags }: { tags: string[] }) {
  const [offset, setPage] = usePageOffset();
  const { data, isPending, error, isPlaceholderData } = useTagSongs(tags, offset);
  useEffect(() => {
    if (!error) return;
    notify.error(
      error instanceof InvalidSongData
        ? error.message
        : `Failed to load songs for tags: ${tags.join(', ')}`,
    );
  }, [error, tags]);

  const total = data?.total_count ?? 0;
  const { page, totalPages } = pageInfo(data?.offset ?? offset, total, LIMITS.pageSize);
  const songs = data?.songs.map((e) => e.song) ?? [];
  return (
    <>
      <FilterChips tags={tags} />
      <QueueButtons
        filter={{ tags }}
        labels="tags"
        disabledReason={data && total === 0 ? 'No songs available with these tags' : null}
      />
      {isPending ? (
        <p className="muted">Loading...</p>
      ) : error ? (
        <p className="muted">Failed to load songs for tags: {tags.join(', ')}</p>
      ) : (
        <>
          <p className="muted" data-testid="tag-summary">
            {plural(total, 'song')} tagged {tags.join(' + ')}
          </p>
          <RelatedTags tags={tags} related={data.relatedTags} />
          <Pagination page={page} totalPages={totalPages} onPage={setPage} position="top" />
          {songs.length === 0 ? (
            <p className="muted">No songs found with these tags</p>
          ) : (
            <div aria-busy={isPlaceholderData}>
              <SongTable
                songs={songs}
                label={`Songs tagged ${tags.join(' + ')}`}
                sortable
                favorites
                request
              />
            </div>
          )}
          <Pagination page={page} totalPages={totalPages} onPage={setPage} position="bottom" />
        </>
      )}
    </>
  );
}
