import type { Song } from '@queuecast/contract';
import { memo, useCallback } from 'react';
import { useAddFavorite } from '../api/add-favorite';
import { useRemoveFavorite } from '../api/remove-favorite';
import { cx } from './ui/cx';
import styles from './song-controls.module.css';

export type FavoriteHandler = (song: Song, favorited: boolean) => void;

/** A heart click removes a favourite, else adds it; nothing happens when logged out. */
export function useFavoriteHandler(loggedIn: boolean): FavoriteHandler {
  const { mutate: add } = useAddFavorite();
  const { mutate: remove } = useRemoveFavorite();
  return useCallback(
    (song, favorited) => {
      if (!loggedIn) return;
      if (favorited) remove(song);
      else add(song);
    },
    [loggedIn, add, remove],
  );
}

/** A heart toggle; its state changes only once the server confirms (see the api hooks). */
export const FavoriteToggle = memo(function FavoriteToggle({
  song,
  favorited,
  onToggle,
  label = 'Favorite',
  className,
}: {
  song: Song;
  favorited: boolean;
  onToggle: FavoriteHandler;
  label?: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={cx(styles.favToggle, favorited && styles.on, className)}
      aria-label={label}
      aria-pressed={favorited}
      title={favorited ? 'Remove from favorites' : 'Add to favorites'}
      onClick={() => onToggle(song, favorited)}
    >
      <span aria-hidden="true">{favorited ? '♥' : '♡'}</span>
    </button>
  );
});
