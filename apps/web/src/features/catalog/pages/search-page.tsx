import { useSearchParams } from 'react-router';
import { SongTable } from '../../../components/song-table';
import { useDocumentTitle } from '../../../lib/document-title';
import type { PagePrefetch } from '../../../lib/page-prefetch';
import { searchQuery, useSearch } from '../api/search-songs';

/** The results, before the first render when the page is opened. */
export const prefetch: PagePrefetch = (queryClient, { search }) => {
  const q = (search.get('q') ?? '').trim();
  return q ? queryClient.prefetchQuery(searchQuery(q)) : Promise.resolve();
};

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const { data, isPending, isError } = useSearch(q);
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  if (!q) {
    return (
      <section>
        <h1>Search</h1>
        <p className="muted">Type a title or an artist in the search box.</p>
      </section>
    );
  }
  const songs = data?.songs.map((e) => e.song) ?? [];
  return (
    <section>
      <h1>Search: “{q}”</h1>
      {isPending ? (
        <p className="muted">Searching...</p>
      ) : isError ? (
        <p className="muted">The search failed. Try again.</p>
      ) : songs.length === 0 ? (
        <p className="muted">No results found.</p>
      ) : (
        <SongTable songs={songs} label={`Results for ${q}`} sortable favorites request />
      )}
    </section>
  );
}
