import { isStaff } from '@queuecast/contract';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { RoleGate } from '../../../components/role-gate';
import { QueryView } from '../../../components/query-view';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useMissingSongs } from '../api/get-missing-songs';
import { useSongPlatforms } from '../api/get-song-platforms';
import { MissingSongsFilters } from '../components/missing-songs-filters';
import { MissingSongsTable } from '../components/missing-songs-table';
import { PageStepper } from '../components/page-stepper';
import {
  readFilter,
  showingLabel,
  writeFilter,
  type MissingSongsFilter,
} from '../missing-songs-view';
import styles from '../missing-songs.module.css';

export default function MissingSongsPage() {
  useDocumentTitle('Missing Files');
  const session = useSession();
  return (
    <RoleGate allowed={isStaff(session?.user.role)}>
      <MissingSongs />
    </RoleGate>
  );
}

/**
 * Songs without an approved file, 50 a page, searchable by title or artist and filtered by
 * platform. Page, search and platform live in the URL, so a reload or the back button keeps
 * them.
 */
function MissingSongs() {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const songs = useMissingSongs(filter);
  const platforms = useSongPlatforms();

  const change = useCallback(
    (next: Partial<MissingSongsFilter>) => setParams((p) => writeFilter(p, next)),
    [setParams],
  );
  const goTo = (page: number) => {
    change({ page });
    window.scrollTo(0, 0);
  };

  useEffect(() => {
    if (platforms.isError) notify.error('Failed to load platforms');
  }, [platforms.isError]);

  // A page past the end (an old link, or fewer songs since) shows the last page instead.
  const totalPages = songs.data?.pagination.totalPages;
  const pastEnd = !songs.isPlaceholderData && totalPages && filter.page > totalPages;
  useEffect(() => {
    if (pastEnd) setParams((p) => writeFilter(p, { page: totalPages }), { replace: true });
  }, [pastEnd, totalPages, setParams]);

  return (
    <section className="missing-songs">
      <h1>Missing Files</h1>
      <p className="muted">Songs that have no audio file yet. Upload one to put a song on air.</p>
      <MissingSongsFilters
        q={filter.q}
        platform={filter.platform}
        platforms={platforms.data}
        onChange={change}
      />
      <QueryView
        query={songs}
        failedToast="Failed to load songs"
        failed="The songs could not be loaded."
        isEmpty={(data) => data.songs.length === 0}
        empty={
          filter.q || filter.platform
            ? 'No songs without files match this search.'
            : 'No songs are missing files.'
        }
      >
        {(data) => (
          <div aria-busy={songs.isFetching}>
            <p className={styles.missingCount} role="status">
              {showingLabel(data.songs.length, data.pagination.totalSongs)}
            </p>
            <MissingSongsTable songs={data.songs} />
            <PageStepper
              page={filter.page}
              totalPages={data.pagination.totalPages}
              onPage={goTo}
              busy={songs.isFetching}
            />
          </div>
        )}
      </QueryView>
    </section>
  );
}
