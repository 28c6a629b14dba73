import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { songScope, type SongViewer } from '../core/song-visibility.js';
import type { Database } from './schema.js';

/**
 * The visibility rule of `core/song-visibility.ts` as query filters, written once here and
 * called by every repository that lists or names songs or artists. A song waiting for review
 * (`reviewed` 0) is seen by staff and the listener who added it; `artists.song_count` counts
 * approved songs only (the catalogue keeps it so: imports, additions, approvals), so an
 * artist is public exactly when its count is above zero.
 */

type WithSongs = Database & { s: Database['songs'] };
type WithArtists = Database & { a: Database['artists'] };

/** Staff see everything: a filter that keeps every row (the planner drops it). */
const EVERY_ROW = sql<SqlBool>`1 = 1`;

/** Songs (aliased `s`) the viewer may see. */
export function songVisibleTo(viewer: SongViewer | null) {
  const scope = songScope(viewer);
  return (eb: ExpressionBuilder<WithSongs, 's'>): Expression<SqlBool> => {
    switch (scope.kind) {
      case 'all':
        return EVERY_ROW;
      case 'public':
        return eb('s.reviewed', '=', 1);
      case 'own':
        return eb.or([eb('s.reviewed', '=', 1), eb('s.added_by', '=', scope.userId)]);
    }
  };
}

/**
 * The artists of the user's own songs waiting for review (a handful: one listener's waiting
 * songs are capped), through the `songs_added_by` index.
 */
export function ownWaitingArtistIds(eb: ExpressionBuilder<WithArtists, 'a'>, userId: number) {
  return eb
    .selectFrom('songs as ws')
    .innerJoin('song_artists as wa', 'wa.song_id', 'ws.id')
    .select('wa.artist_id')
    .where('ws.added_by', '=', userId)
    .where('ws.reviewed', '=', 0);
}

/** Artists (aliased `a`) the viewer may see: those with a song the viewer may see. */
export function artistVisibleTo(viewer: SongViewer | null) {
  const scope = songScope(viewer);
  return (eb: ExpressionBuilder<WithArtists, 'a'>): Expression<SqlBool> => {
    switch (scope.kind) {
      case 'all':
        return EVERY_ROW;
      case 'public':
        return eb('a.song_count', '>', 0);
      case 'own':
        return eb.or([
          eb('a.song_count', '>', 0),
          eb('a.id', 'in', ownWaitingArtistIds(eb, scope.userId)),
        ]);
    }
  };
}
