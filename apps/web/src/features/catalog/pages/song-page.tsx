import { isStaff, PAGES } from '@queuecast/contract';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { useFavoriteIds } from '../../../api/get-favorites';
import { useUserVotes } from '../../../api/get-user-votes';
import { ArtistLinks } from '../../../components/artist-links';
import { CoverArt } from '../../../components/cover-art';
import { FavoriteToggle, useFavoriteHandler } from '../../../components/favorite-toggle';
import { VoteControl, useVoteHandler } from '../../../components/vote-control';
import { shownAverage } from '../../../components/vote-rules';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatLength, plural } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { songQuery, useSong } from '../../../api/get-song';
import type { PagePrefetch } from '../../../lib/page-prefetch';
import { SongComments } from '../components/song-comments';
import { SongPlays, SongRequests } from '../components/song-history';
import { SongPreview } from '../components/song-preview';
import { SongRequest } from '../components/song-request';
import { SongTags } from '../components/song-tags';
import { SongVotes } from '../components/song-votes';
import styles from '../song-page.module.css';

/** Staff only, so chunks of their own. */
const SongTweaks = lazy(() => import('../components/song-tweaks'));
const SongFiles = lazy(() => import('../components/song-files'));

/** The song, before the first render when the page is opened. */
export const prefetch: PagePrefetch = (queryClient, { params }) => {
  const id = Number(params.id);
  return Number.isInteger(id) && id > 0
    ? queryClient.prefetchQuery(songQuery(id))
    : Promise.resolve();
};

export default function SongPage() {
  const id = Number(useParams().id);
  const session = useSession();
  const loggedIn = session !== null;
  const { data, isPending, error } = useSong(id);
  const votes = useUserVotes();
  const favoriteIds = useFavoriteIds();
  const onVote = useVoteHandler(loggedIn);
  const onFavorite = useFavoriteHandler(loggedIn);

  const valid = Number.isInteger(id) && id > 0;
  const notFound = !valid || (error instanceof ApiError && error.status === 404);
  useDocumentTitle(notFound ? 'Song not found' : (data?.song.title ?? 'Song'));
  if (notFound) {
    return (
      <section>
        <h1>Song not found.</h1>
      </section>
    );
  }
  if (isPending) return <p className="muted">Loading...</p>;
  if (error) {
    return (
      <section>
        <h1>Song</h1>
        <p className="muted">Could not load this song. Try again later.</p>
      </section>
    );
  }

  const { song } = data;
  const average = shownAverage(song.avg_vote);
  const ownVote = votes[String(song.id)];
  return (
    <article className="song-page">
      <CoverArt
        url={song.cover_art_url}
        size={512}
        display={160}
        alt={`Cover art: ${song.title}`}
        className={styles.songCover}
        priority
      />
      <div className={styles.titleRow}>
        <h1 dir="auto">{song.title}</h1>
        {loggedIn && (
          <FavoriteToggle
            song={song}
            favorited={favoriteIds.has(song.id)}
            onToggle={onFavorite}
            className={styles.titleFav}
          />
        )}
      </div>
      <p className="song-byline">
        by <ArtistLinks song={song} />
        {song.platform && (
          <>
            {' on '}
            <Link to={PAGES.platform.path({ platform: song.platform })}>{song.platform}</Link>
          </>
        )}
      </p>
      <SongTags detail={data} />
      <dl className={styles.songFacts}>
        <dt>Length</dt>
        <dd>{formatLength(song.length)}</dd>
        {loggedIn && (
          <>
            <dt>Preview</dt>
            <dd>
              <SongPreview key={song.id} song={song} />
            </dd>
          </>
        )}
        <dt>Average vote</dt>
        <dd data-testid="average-vote">
          {average === null
            ? 'No votes yet'
            : `${average} / 5 (${plural(song.vote_count, 'vote')})`}
        </dd>
        <dt>Your vote</dt>
        <dd>
          <VoteControl
            songId={song.id}
            avgVote={song.avg_vote}
            ownVote={ownVote}
            loggedIn={loggedIn}
            onVote={onVote}
          />
        </dd>
        <dt>Requests</dt>
        <dd>Requested {plural(data.request_count, 'time')}</dd>
        <dt>Plays</dt>
        <dd>Played {plural(data.play_count, 'time')}</dd>
      </dl>
      <SongRequest song={song} loggedIn={loggedIn} />
      <SongVotes detail={data} username={session?.user.username} onVote={onVote} />
      <SongRequests detail={data} />
      <SongPlays detail={data} />
      {isStaff(session?.user.role) && (
        <Suspense fallback={<p className="muted">Loading...</p>}>
          <SongTweaks key={song.id} song={data.song} />
          <SongFiles key={`files-${song.id}`} song={data.song} />
        </Suspense>
      )}
      <SongComments songId={song.id} comments={data.comments} loggedIn={loggedIn} />
    </article>
  );
}
