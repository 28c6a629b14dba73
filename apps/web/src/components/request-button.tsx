import type { Song } from '@queuecast/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback } from 'react';
import { useRequestSong } from '../api/request-song';
import { describeFailure } from '../lib/api-client';
import {
  getRequestStatus,
  requestStatusQuery,
  statusOf,
  type RequestStatus,
  type RequestStatuses,
} from '../lib/request-status';
import { serverNow } from '../lib/server-clock';
import { sessionStore, useSession } from '../lib/session';
import { notify } from '../lib/toast';
import {
  isPlayableSong,
  LOGGED_OUT_REQUEST_TEXT,
  requestableAgainText,
  requestButtonView,
  requestFailureText,
  requestSuccessText,
  unplayableText,
  type RequestPlace,
} from './request-rules';
import styles from './song-controls.module.css';

export type RequestHandler = (songId: number) => void;

/**
 * One click handler for the Request buttons of a list or a page, with their success and failure
 * toasts: logged out it only explains, and a song already being requested is not sent twice.
 */
export function useRequestHandler(place: RequestPlace): RequestHandler {
  const queryClient = useQueryClient();
  const { mutate } = useRequestSong({
    onSuccess: () => void notify.success(requestSuccessText(place)),
    onError: (err) => void notify.error(requestFailureText(describeFailure(err), place)),
  });
  return useCallback(
    (songId) => {
      const session = sessionStore.get();
      if (!session) notify.error(LOGGED_OUT_REQUEST_TEXT);
      else if (getRequestStatus(queryClient, session.user.id, songId) === 'idle') mutate(songId);
    },
    [queryClient, mutate],
  );
}

/** This song's request state for the signed-in listener; re-renders only when it changes. */
export function useRequestStatus(songId: number): RequestStatus {
  const userId = useSession()?.user.id ?? null;
  const select = useCallback((statuses: RequestStatuses) => statusOf(statuses, songId), [songId]);
  const { data } = useQuery({ ...requestStatusQuery(userId), select });
  return userId === null ? 'idle' : (data ?? 'idle');
}

const TITLES: Record<ReturnType<typeof requestButtonView>['text'], string> = {
  Request: 'Add this song to the queue',
  '...': 'Requesting...',
  Queued: 'You queued this song',
  Locked: "This song can't be queued again just yet.",
};

/**
 * The Request button of the song lists: Request, '...' while busy, Queued or Locked (played
 * recently, or a song that cannot play yet: its tooltip says why).
 */
export const RequestButton = memo(function RequestButton({
  song,
  onRequest,
}: {
  song: Pick<Song, 'id' | 'title' | 'recently_played' | 'requestable_at' | 'status' | 'has_file'>;
  onRequest: RequestHandler;
}) {
  const status = useRequestStatus(song.id);
  const playable = isPlayableSong(song);
  const { text, disabled } = requestButtonView(status, song.recently_played, playable);
  const again = text === 'Locked' ? requestableAgainText(song.requestable_at, serverNow()) : null;
  const title =
    text === 'Locked' && !song.recently_played && !playable
      ? unplayableText(song)
      : again
        ? `${TITLES[text]} ${again}.`
        : TITLES[text];
  return (
    <button
      type="button"
      className={styles.requestButton}
      aria-label={`${text === '...' ? 'Requesting' : text}: ${song.title}`}
      aria-busy={status === 'busy'}
      title={title}
      disabled={disabled}
      onClick={() => onRequest(song.id)}
    >
      {text}
    </button>
  );
});
