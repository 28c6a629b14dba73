/** Rules of the Request button's states and the texts of its toasts. */
import type { CallFailure } from '../lib/api-client';
import { plural } from '../lib/format';
import type { RequestStatus } from '../lib/request-status';

/** Where the button is: the song table, the compact song list, or the song page. */
export type RequestPlace = 'table' | 'compact' | 'song-page';

export const QUEUED_TEXT = 'Song successfully queued!';
export const LOGGED_OUT_REQUEST_TEXT = 'You must be logged in to request.';

export interface RequestButtonView {
  text: 'Request' | '...' | 'Queued' | 'Locked';
  disabled: boolean;
}

/**
 * The list button: '...' while busy, 'Queued' (disabled) after success, 'Locked' for a song
 * played recently (or waiting, or on air) or that cannot play (no audio file yet, or waiting
 * for staff review), otherwise 'Request'. A logged-out listener still gets 'Request': the
 * click explains that a login is needed.
 */
export function requestButtonView(
  status: RequestStatus,
  recentlyPlayed: boolean,
  playable = true,
): RequestButtonView {
  if (status === 'busy') return { text: '...', disabled: true };
  if (status === 'queued') return { text: 'Queued', disabled: true };
  if (recentlyPlayed || !playable) return { text: 'Locked', disabled: true };
  return { text: 'Request', disabled: false };
}

/** Why a song that cannot play cannot be requested, for its Locked button's tooltip. */
export const unplayableText = (song: SongPlayability): string =>
  song.status === 'review'
    ? "This song is waiting for staff review and can't be requested yet."
    : "This song has no audio file yet, so it can't be requested.";

export interface SongRequestView {
  disabled: boolean;
  /** Shown under the song page's button. */
  note: string | null;
}

/** What the song page knows of whether the song can play at all. */
export interface SongPlayability {
  status: string;
  has_file: boolean;
}

/** The station plays only an active song with a file; others cannot be requested. */
export const isPlayableSong = (song: SongPlayability): boolean =>
  song.status === 'active' && song.has_file;

/**
 * The song page's 'Request this song' button and the line under it. A song played recently says
 * so first (its lock is what a listener waits for), then one that cannot play says why.
 */
export function songRequestView(
  status: RequestStatus,
  recentlyPlayed: boolean,
  loggedIn: boolean,
  song: SongPlayability,
): SongRequestView {
  if (!loggedIn) return { disabled: true, note: LOGGED_OUT_REQUEST_TEXT };
  if (status === 'queued') {
    return { disabled: true, note: "This song can't be queued again just yet." };
  }
  if (recentlyPlayed) {
    return {
      disabled: true,
      note: "This song was played recently and can't be queued again just yet.",
    };
  }
  if (!isPlayableSong(song)) return { disabled: true, note: unplayableText(song) };
  return { disabled: status === 'busy', note: null };
}

/** The compact list's success toast carries a tick. */
export const requestSuccessText = (place: RequestPlace): string =>
  place === 'compact' ? `✅ ${QUEUED_TEXT}` : QUEUED_TEXT;

/**
 * A 429's toast: 'You're queuing too fast.' (or previewing) with the wait in seconds when the
 * server gave it, else the server's own text, else 'Wait a moment.'.
 */
export function tooFastText(
  action: 'queuing' | 'previewing',
  failure: { retryAfter?: number; message?: string },
): string {
  const { retryAfter, message } = failure;
  if (retryAfter !== undefined && Number.isFinite(retryAfter) && retryAfter > 0) {
    return `You're ${action} too fast. Wait ${plural(Math.ceil(retryAfter), 'second')}.`;
  }
  return message ?? `You're ${action} too fast. Wait a moment.`;
}

/**
 * The toast for a refused or failed request. A 409 shows the server's reason when it
 * gave one (played recently, already waiting, on air, no playable file), since each asks the
 * listener for something different; 'This song was played recently.' otherwise.
 */
export function requestFailureText(failure: CallFailure, place: RequestPlace): string {
  switch (failure.kind) {
    case 'network':
      return 'Failed to queue song.';
    case 'unexpected':
      return 'Unexpected response from server';
    case 'status':
      switch (failure.status) {
        case 401:
          return LOGGED_OUT_REQUEST_TEXT;
        case 403:
          return failure.message ?? 'You already have 2 songs in the queue.';
        case 409:
          return failure.message ?? 'This song was played recently.';
        case 429:
          return tooFastText('queuing', failure);
        default:
          return place === 'song-page' ? 'Failed to request song.' : 'Unexpected server response.';
      }
  }
}

/** A wait in words: '45 s', '12 min', '3 h 12 min', '3 h' (minutes rounded up). */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))} s`;
  const minutes = Math.ceil(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** 'Requestable again in 3 h 12 min', or null when the song is not waiting out a lock. */
export function requestableAgainText(requestableAt: number | null, now: number): string | null {
  if (requestableAt === null || requestableAt <= now) return null;
  return `Requestable again in ${waitText(requestableAt - now)}`;
}
