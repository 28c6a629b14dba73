import { PAGES, type Song } from '@queuecast/contract';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { creditedArtists } from '../lib/artist-credits';

/** Links to each of a song's artists, in credit order, or 'Unknown'. */
export function ArtistLinks({
  song,
  plain = false,
}: {
  song: Pick<Song, 'artists' | 'artist'>;
  /** Plain anchors, for containers that delegate navigation (see delegated-links.ts). */
  plain?: boolean;
}) {
  const artists = creditedArtists(song);
  if (artists.length === 0) return <span className="muted">Unknown</span>;
  return (
    <>
      {artists.map(([id, name], i) => (
        <Fragment key={id}>
          {i > 0 && ', '}
          {plain ? (
            <a href={PAGES.artist.path({ id })} dir="auto" title={name}>
              {name}
            </a>
          ) : (
            <Link to={PAGES.artist.path({ id })} dir="auto" title={name}>
              {name}
            </Link>
          )}
        </Fragment>
      ))}
    </>
  );
}
