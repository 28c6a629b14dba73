import { PAGES } from '@queuecast/contract';
import { memo, useMemo, useState } from 'react';
import { useFavoriteIds } from '../api/get-favorites';
import { useUserVotes } from '../api/get-user-votes';
import { formatLength } from '../lib/format';
import { useDjLabel } from '../lib/playback';
import { useSession } from '../lib/session';
import { ArtistLinks } from './artist-links';
import { CoverArt } from './cover-art';
import { useDelegatedLinks } from './delegated-links';
import { FavoriteToggle, useFavoriteHandler, type FavoriteHandler } from './favorite-toggle';
import { PlayTimeCell, RequestedByCell } from './queue-cells';
import { RequestButton, useRequestHandler, type RequestHandler } from './request-button';
import { nextSort, sortSongs, type SortField, type SortState } from './song-sort';
import { ShowTableRow } from './show-table-row';
import { isShowRow, type TableRow, type TableSong } from './table-song';
import { tagClass } from './ui/badge';
import { cx } from './ui/cx';
import { numClass, SortHeader, Table } from './ui/table';
import { VoteControl, useVoteHandler, type VoteHandler } from './vote-control';
import styles from './song-table.module.css';

export interface SongTableProps {
  /**
   * List songs, or queue entries with their queue fields (Play Time, Requested By), among
   * which the queue page puts live shows.
   */
  songs: readonly TableRow[];
  /** Names the table for assistive technology. */
  label: string;
  /** Column headers sort the rows (ascending, then descending; empty values last). */
  sortable?: boolean;
  /** Play Time column; `now` is epoch seconds. */
  playTime?: { now: number };
  requestedBy?: boolean;
  /** Fav column (only shown to a signed-in user). */
  favorites?: boolean;
  request?: boolean;
  /** The row of the song on air is highlighted. */
  highlightNow?: boolean;
}

interface Columns {
  playTime: boolean;
  requestedBy: boolean;
  /** Shown in Requested By for the station's own picks. */
  djLabel: string;
  favorites: boolean;
  request: boolean;
  highlightNow: boolean;
}

/**
 * The song table: Artist, Title (platform badge), Length, Play Time, Requested By,
 * Rating, Fav, Request. Rows are memoised, so a vote or favourite re-renders one row only; row
 * links are plain anchors with one delegated click handler, and the layout is fixed, which
 * keeps a 500-row page quick to render (measured; virtualising was not needed).
 */
export function SongTable(props: SongTableProps) {
  const { songs, label, sortable = false, playTime } = props;
  const session = useSession();
  const loggedIn = session !== null;
  const votes = useUserVotes();
  const favoriteIds = useFavoriteIds();
  const onVote = useVoteHandler(loggedIn);
  const onFavorite = useFavoriteHandler(loggedIn);
  const onRequest = useRequestHandler('table');
  const onLinkClick = useDelegatedLinks();
  const djLabel = useDjLabel();
  const me = session?.user.username ?? null;
  const [sort, setSort] = useState<SortState | null>(null);
  const cols = useMemo<Columns>(
    () => ({
      playTime: playTime !== undefined,
      requestedBy: props.requestedBy ?? false,
      djLabel,
      favorites: (props.favorites ?? false) && loggedIn,
      request: props.request ?? false,
      highlightNow: props.highlightNow ?? false,
    }),
    [
      playTime,
      props.requestedBy,
      djLabel,
      props.favorites,
      props.request,
      props.highlightNow,
      loggedIn,
    ],
  );
  const rows = useMemo(
    (): readonly TableRow[] =>
      sortable
        ? sortSongs(
            songs.filter((row): row is TableSong => !isShowRow(row)),
            sort,
            favoriteIds,
          )
        : songs,
    [songs, sort, sortable, favoriteIds],
  );

  const header = (text: string, field?: SortField, className?: string) => {
    if (!sortable || !field) {
      return (
        <th scope="col" className={className}>
          {text}
        </th>
      );
    }
    const active = sort?.field === field;
    return (
      <SortHeader
        className={className}
        direction={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
        onSort={() => setSort(nextSort(sort, field))}
      >
        {text}
      </SortHeader>
    );
  };

  return (
    // Clicks on the rows' plain links bubble here and navigate in-app (delegated-links.ts).
    <Table
      label={label}
      scrollClassName={styles.scroll}
      className={cx(styles.table, sortable && styles.sortable)}
      onClick={onLinkClick}
    >
      <thead>
        <tr>
          {header('Artist', 'artist')}
          {header('Title', 'title')}
          {header('Length', 'length', cx(numClass, styles.colLength))}
          {cols.playTime && header('Play Time', 'start_time', styles.colTime)}
          {cols.requestedBy && header('Requested By', 'requested_by_username', styles.colBy)}
          {header('Rating', 'avg_vote', styles.colRating)}
          {cols.favorites && header('Fav', 'favorited', styles.colFav)}
          {cols.request && header('Request', undefined, styles.colRequest)}
        </tr>
      </thead>
      <tbody>
        {rows.map((song) =>
          isShowRow(song) ? (
            <ShowTableRow
              key={`live${song.show.session_id}`}
              row={song}
              cols={cols}
              now={playTime?.now ?? 0}
            />
          ) : (
            <SongRow
              key={rowKey(song)}
              song={song}
              cols={cols}
              now={playTime?.now ?? 0}
              loggedIn={loggedIn}
              own={me !== null && song.requested_by_username === me}
              ownVote={votes[String(song.id)]}
              favorited={favoriteIds.has(song.id)}
              onVote={onVote}
              onFavorite={onFavorite}
              onRequest={onRequest}
            />
          ),
        )}
      </tbody>
    </Table>
  );
}

/**
 * A song can be in the queue page's table more than once (queued again, played twice): queue
 * entries are told apart by their id, plays by their start; the station's next pick has neither.
 */
function rowKey(song: TableSong): string {
  if (song.queue_id !== undefined) return `q${song.queue_id}`;
  if (song.up_next) return `n${song.id}`;
  if (song.played_at !== undefined) return `h${song.id}@${song.played_at}`;
  return `s${song.id}`;
}

const SongRow = memo(function SongRow({
  song,
  cols,
  now,
  loggedIn,
  own,
  ownVote,
  favorited,
  onVote,
  onFavorite,
  onRequest,
}: {
  song: TableSong;
  cols: Columns;
  now: number;
  loggedIn: boolean;
  /** The signed-in listener requested this entry. */
  own: boolean;
  ownVote: number | undefined;
  favorited: boolean;
  onVote: VoteHandler;
  onFavorite: FavoriteHandler;
  onRequest: RequestHandler;
}) {
  const onAir = cols.highlightNow && (song.source === 'now' || song.isNowPlaying === true);
  // The plain now-row and own-row classes stay beside the module's: the browser tests find the
  // rows by them.
  return (
    <tr
      className={cx(
        onAir && styles.nowRow,
        onAir && 'now-row',
        own && styles.ownRow,
        own && 'own-row',
      )}
    >
      <td data-col="artist">
        <ArtistLinks song={song} plain />
      </td>
      <td data-col="title">
        <CoverArt
          url={song.cover_art_url}
          size={96}
          display={32}
          alt=""
          className={cx(styles.thumb, 'cover-thumb')}
        />
        <a href={PAGES.song.path({ id: song.id })} dir="auto" title={song.title}>
          {song.title}
        </a>
        {song.platform && song.platform_brief && (
          <>
            {' '}
            <a
              className={cx(tagClass, styles.badge)}
              href={PAGES.platform.path({ platform: song.platform })}
              aria-label={`${song.platform_brief} (${song.platform})`}
              title={song.platform}
            >
              {song.platform_brief}
            </a>
          </>
        )}
      </td>
      <td className={numClass} data-col="length">
        {formatLength(song.length)}
      </td>
      {cols.playTime && (
        <td data-col="time">
          <PlayTimeCell song={song} now={now} />
        </td>
      )}
      {cols.requestedBy && (
        <td data-col="by">
          <RequestedByCell song={song} djLabel={cols.djLabel} own={own} />
        </td>
      )}
      <td data-col="rating">
        <VoteControl
          songId={song.id}
          title={song.title}
          avgVote={song.avg_vote}
          ownVote={ownVote}
          loggedIn={loggedIn}
          onVote={onVote}
        />
      </td>
      {cols.favorites && (
        <td data-col="fav">
          <FavoriteToggle
            song={song}
            favorited={favorited}
            onToggle={onFavorite}
            label={`Favorite: ${song.title}`}
          />
        </td>
      )}
      {cols.request && (
        <td data-col="request">
          <RequestButton song={song} onRequest={onRequest} />
        </td>
      )}
    </tr>
  );
});
