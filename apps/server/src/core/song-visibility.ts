import { isStaff } from '@queuecast/contract';

/**
 * Who sees a song. A song a listener added waits for staff review (`reviewed` 0) out of the
 * public catalogue: until staff approve it, only staff (who review it) and the listener who
 * added it (who waits for it) see it; for everyone else it is not there yet, in lists, counts,
 * the feed and its own page. An artist is seen when one of its songs is: one whose only songs
 * wait for review is not there yet either. Pure; the query form is `db/song-visibility.ts`.
 */

/** The one looking: a signed-in user with their role, or null for an anonymous visitor. */
export interface SongViewer {
  id: number;
  role: string;
}

/** What a song's visibility depends on. */
export interface VisibilityFacts {
  /** Staff approved it, or staff or an import added it (false: a listener's, waiting). */
  reviewed: boolean;
  /** The user who added it, if known. */
  added_by: number | null;
}

/**
 * How much of the catalogue a viewer sees: the public part (approved songs), the public part
 * and their own songs waiting for review, or every song (staff).
 */
export type SongScope = { kind: 'public' } | { kind: 'own'; userId: number } | { kind: 'all' };

export function songScope(viewer: SongViewer | null): SongScope {
  if (viewer === null) return { kind: 'public' };
  if (isStaff(viewer.role)) return { kind: 'all' };
  return { kind: 'own', userId: viewer.id };
}

export function canSeeSong(song: VisibilityFacts, viewer: SongViewer | null): boolean {
  if (song.reviewed) return true;
  const scope = songScope(viewer);
  return scope.kind === 'all' || (scope.kind === 'own' && song.added_by === scope.userId);
}

/**
 * Who hears of something about this song as it happens (a live feed item): everyone, or, for a
 * song waiting for review, staff and the listener who added it.
 */
export type SongAudience = { kind: 'everyone' } | { kind: 'staff_and'; userId: number | null };

export function songAudience(song: VisibilityFacts): SongAudience {
  return song.reviewed ? { kind: 'everyone' } : { kind: 'staff_and', userId: song.added_by };
}
