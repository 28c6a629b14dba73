/**
 * The song and queue rules, in one place: whether a song can be played, whether it is in the
 * queue or on air, whether it is inside the lock window, when it becomes requestable, and
 * whether a listener may request now. Pure functions of plain facts and the time; requests,
 * queue actions, the auto-DJ and every song presenter ask here. Their query form, for the
 * repositories that list what may play, is `db/song-playable.ts`.
 */

export interface RequestRules {
  /** Songs one listener may have waiting in the queue. */
  queueLimit: number;
  /** Seconds a played song stays locked against requests. */
  lockSeconds: number;
  /** Seconds between two requests of one listener. */
  cooldownSeconds: number;
}

/** The one status that plays; any other (missing_file, unplayable, review, …) does not. */
export const PLAYABLE_STATUS = 'active';

/** The states of a queue entry that hold its song: waiting, or on air. */
export const QUEUED_OR_ON_AIR = ['queued', 'playing'] as const;

/** What the rules need to know of a song. */
export interface SongFacts {
  /** `active` plays; anything else (missing_file, unplayable, …) does not. */
  status: string;
  /**
   * The song has an approved audio file: a listener's upload waiting for review does not play
   * until staff approve it.
   */
  has_file: boolean;
  /** Epoch seconds of its last start on air, null when never played. */
  last_played_at: number | null;
  /** Its entry waiting in the queue or on air, if any. */
  queue_state: (typeof QUEUED_OR_ON_AIR)[number] | null;
}

/** What the rules need to know of the listener asking. */
export interface ListenerFacts {
  /** Requests of theirs waiting in the queue. */
  waiting: number;
  /** Epoch seconds of their last request, null when none. */
  last_request_at: number | null;
}

/** The station can play it: active, with a file. */
export function isPlayable(song: Pick<SongFacts, 'status' | 'has_file'>): boolean {
  return song.status === PLAYABLE_STATUS && song.has_file;
}

/** Waiting in the queue or on air. */
export function isQueuedOrOnAir(song: Pick<SongFacts, 'queue_state'>): boolean {
  return song.queue_state !== null;
}

/** The end of the lock window that its last play opened; null when never played. */
export function lockEndsAt(lastPlayedAt: number | null, rules: Pick<RequestRules, 'lockSeconds'>) {
  return lastPlayedAt === null ? null : lastPlayedAt + rules.lockSeconds;
}

/** Played less than `lockSeconds` ago. */
export function isLocked(
  lastPlayedAt: number | null,
  now: number,
  rules: Pick<RequestRules, 'lockSeconds'>,
): boolean {
  const end = lockEndsAt(lastPlayedAt, rules);
  return end !== null && now < end;
}

/**
 * Songs last played at or before this moment are outside the lock window: the bound that the
 * SQL filters of the auto-DJ and queue actions use, equal to `!isLocked`.
 */
export function lockWindowStart(now: number, rules: Pick<RequestRules, 'lockSeconds'>): number {
  return now - rules.lockSeconds;
}

/** Why a song cannot be requested, in the order the checks are made; null: it can. */
export type SongRefusal = 'no_file' | 'playing' | 'queued' | 'locked';

export function songRefusal(song: SongFacts, now: number, rules: RequestRules): SongRefusal | null {
  if (!isPlayable(song)) return 'no_file';
  if (song.queue_state === 'playing') return 'playing';
  if (song.queue_state === 'queued') return 'queued';
  if (isLocked(song.last_played_at, now, rules)) return 'locked';
  return null;
}

/**
 * When a request for the song could succeed, in epoch seconds; null when it can now.
 * Locked: the end of its lock window. Waiting or on air: the end of the lock window its
 * coming play opens, from `expectedEnd` (when that play should finish; `now` when unknown).
 * Not playable: null as well, since no wait makes it requestable (`has_file` says why).
 */
export function requestableAt(
  song: SongFacts,
  now: number,
  rules: RequestRules,
  expectedEnd: number | null = null,
): number | null {
  if (!isPlayable(song)) return null;
  if (song.queue_state !== null) {
    // Its lock ends a window after the play: after its expected end, in whole seconds.
    return Math.ceil(Math.max(expectedEnd ?? now, now)) + rules.lockSeconds;
  }
  return isLocked(song.last_played_at, now, rules) ? lockEndsAt(song.last_played_at, rules) : null;
}

/** A song's request state as the API shows it: `recently_played` and `requestable_at`. */
export function requestState(
  song: SongFacts,
  now: number,
  rules: RequestRules,
  expectedEnd: number | null = null,
): { recently_played: boolean; requestable_at: number | null } {
  return {
    recently_played: isQueuedOrOnAir(song) || isLocked(song.last_played_at, now, rules),
    requestable_at: requestableAt(song, now, rules, expectedEnd),
  };
}

/** Why this listener may not request now; null: they may. The limit is told first. */
export type ListenerRefusal =
  { reason: 'limit'; limit: number } | { reason: 'cooldown'; retryAfter: number };

export function listenerRefusal(
  listener: ListenerFacts,
  now: number,
  rules: RequestRules,
): ListenerRefusal | null {
  // The limit first: waiting out a cooldown would only lead to this refusal.
  if (listener.waiting >= rules.queueLimit) return { reason: 'limit', limit: rules.queueLimit };
  if (listener.last_request_at !== null) {
    const wait = listener.last_request_at + rules.cooldownSeconds - now;
    if (wait > 0) return { reason: 'cooldown', retryAfter: wait };
  }
  return null;
}

/** The effective length of a song on air after its tweaks (skip, length cap). */
export function effectiveLength(song: { length: number; h_length: number; h_skip: number }) {
  if (song.h_length > 0) return Math.min(song.h_length, Math.max(0, song.length - song.h_skip));
  return Math.max(0, song.length - song.h_skip);
}

/** One entry of the queue as it stands: on air (with its start) or waiting, in play order. */
export interface QueueSlot {
  song_id: number;
  state: 'playing' | 'queued';
  /** Epoch seconds the entry went on air; null while waiting. */
  started_at: number | null;
  /** Effective length in seconds. */
  length: number;
}

/**
 * When each song in the queue should finish playing: the track on air ends at its start plus
 * its length, each waiting entry after the one before it.
 */
export function expectedEnds(slots: readonly QueueSlot[], now: number): Map<number, number> {
  const ends = new Map<number, number>();
  let next = now;
  for (const slot of slots.filter((s) => s.state === 'playing')) {
    const end = Math.max(now, (slot.started_at ?? now) + slot.length);
    ends.set(slot.song_id, end);
    next = Math.max(next, end);
  }
  for (const slot of slots.filter((s) => s.state === 'queued')) {
    next += slot.length;
    ends.set(slot.song_id, next);
  }
  return ends;
}
