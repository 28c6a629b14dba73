import { CompactSongList } from '../../../components/compact-song-list';
import { QueueButtons } from '../../../components/queue-buttons';
import { useFavorites } from '../../../api/get-favorites';
import styles from '../profile.module.css';

/** The profile's favourites with their queue buttons, refreshed when the window regains focus. */
export function FavoriteSongs() {
  const { songs, isPending } = useFavorites({ refetchOnWindowFocus: 'always' });
  return (
    <section aria-labelledby="favorites-title" className={styles.favoriteSongs}>
      <h2 id="favorites-title">Favorite songs</h2>
      <QueueButtons
        filter={{ from_favorites: true }}
        labels="favorites"
        disabledReason={songs.length === 0 ? 'You have no favorite songs to queue' : null}
      />
      {isPending ? (
        <p className="muted">Loading...</p>
      ) : songs.length === 0 ? (
        <p className="muted">No favorite songs yet. Tap the heart on a song to add it here.</p>
      ) : (
        <CompactSongList songs={songs} label="Favorite songs" />
      )}
    </section>
  );
}
