import { LIMITS, PAGES } from '@queuecast/contract';
import { Link, useParams } from 'react-router';
import { pageInfo } from '../../../components/page-list';
import { Pagination } from '../../../components/pagination';
import { QueueButtons } from '../../../components/queue-buttons';
import { SongTable } from '../../../components/song-table';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { plural } from '../../../lib/format';
import { usePlatformSongs } from '../api/get-platform-songs';
import { usePlatforms } from '../api/get-platforms';
import { usePageOffset } from '../use-page-offset';
import { cx } from '../../../components/ui/cx';
import styles from '../catalog.module.css';
import { Badge } from '../../../components/ui/badge';

function PlatformList() {
  const { data, isPending, isError } = usePlatforms();
  if (isPending) return <p className="muted">Loading...</p>;
  if (isError) return <p className="muted">Could not load the platforms.</p>;
  if (data.length === 0) return <p className="muted">No platforms yet.</p>;
  return (
    <ul className={cx(styles.platformList, 'platform-list')}>
      {data.map((p) => (
        <li key={p.id}>
          <Link to={PAGES.platform.path({ platform: p.name })}>{p.name}</Link>{' '}
          <Badge kind="tag">{p.brief}</Badge>{' '}
          <span className="muted">{plural(p.song_count, 'song')}</span>
        </li>
      ))}
    </ul>
  );
}

function PlatformSongs({ platform }: { platform: string }) {
  const [offset, setPage] = usePageOffset();
  const { data, isPending, error, isPlaceholderData } = usePlatformSongs(platform, offset);
  if (isPending) return <p className="muted">Loading...</p>;
  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return <p className="muted">{missing ? 'Platform not found.' : 'Could not load songs.'}</p>;
  }
  const { page, totalPages } = pageInfo(data.offset, data.total_count, LIMITS.pageSize);
  const songs = data.songs.map((e) => e.song);
  return (
    <>
      <p className="muted">{plural(data.total_count, 'song')}</p>
      <Pagination page={page} totalPages={totalPages} onPage={setPage} position="top" />
      {songs.length === 0 ? (
        <p className="muted">No songs found for this platform.</p>
      ) : (
        <div aria-busy={isPlaceholderData}>
          <SongTable songs={songs} label={`Songs on ${platform}`} sortable favorites request />
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} onPage={setPage} position="bottom" />
    </>
  );
}

export default function PlatformPage() {
  const { platform } = useParams();
  useDocumentTitle(platform ?? 'Platforms');
  if (!platform) {
    return (
      <section>
        <h1>Platforms</h1>
        <PlatformList />
      </section>
    );
  }
  return (
    <section>
      <p>
        <Link to={PAGES.platform.path({})}>← All platforms</Link>
      </p>
      <h1>{platform}</h1>
      <QueueButtons filter={{ platform }} labels="songs" />
      <PlatformSongs key={platform} platform={platform} />
    </section>
  );
}
