import { Link, useParams } from 'react-router';

export const ARTIST_LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0-9', '-'];

export default function ArtistsPage() {
  const { letter } = useParams();
  return (
    <section>
      <h1>{letter ? `Artists: ${letter}` : 'Artists'}</h1>
      <nav aria-label="Artist letters" className="letters">
        {ARTIST_LETTERS.map((l) => (
          <Link key={l} to={`/artists/${encodeURIComponent(l)}`}>
            {l}
          </Link>
        ))}
      </nav>
    </section>
  );
}
