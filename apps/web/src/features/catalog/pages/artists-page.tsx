import { ARTIST_LETTERS, PAGES } from '@queuecast/contract';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import type { PagePrefetch } from '../../../lib/page-prefetch';
import { plural } from '../../../lib/format';
import { artistsByLetterQuery, useArtistsByLetter } from '../api/get-artists-by-letter';
import { cx } from '../../../components/ui/cx';
import styles from '../catalog.module.css';

/** The letter's artists, before the first render when the page is opened. */
export const prefetch: PagePrefetch = (queryClient, { params }) =>
  params.letter
    ? queryClient.prefetchQuery(artistsByLetterQuery(params.letter.toUpperCase()))
    : Promise.resolve();

function ArtistList({ letter }: { letter: string }) {
  const { data, isPending, isError } = useArtistsByLetter(letter);
  if (isPending) return <p className="muted">Loading...</p>;
  if (isError) return <p className="muted">Could not load the artists.</p>;
  const artists = Object.entries(data);
  if (artists.length === 0) return <p className="muted">No artists found for this letter.</p>;
  return (
    <ul className={cx(styles.artistList, 'artist-list')}>
      {artists.map(([handle, a]) => (
        <li key={handle}>
          <Link to={PAGES.artist.path({ id: a.id })}>{a.name || handle}</Link>
          {a.countrycode && (
            <span className={styles.country} title="Country">
              {a.countrycode.toUpperCase()}
            </span>
          )}
          <span className="muted">{plural(a.song_count, 'song')}</span>
        </li>
      ))}
    </ul>
  );
}

export default function ArtistsPage() {
  const { letter: raw } = useParams();
  const letter = raw?.toUpperCase();
  const title = letter ? `Artists: ${letter}` : 'Artists';
  useDocumentTitle(title);
  return (
    <section>
      <h1>{title}</h1>
      <nav aria-label="Artist letters" className={styles.letters}>
        {ARTIST_LETTERS.map((l) => (
          <Link
            key={l}
            to={PAGES.artists.path({ letter: l })}
            aria-current={l === letter ? 'page' : undefined}
          >
            {l}
          </Link>
        ))}
      </nav>
      {letter && <ArtistList letter={letter} />}
    </section>
  );
}
