import { API } from '@queuecast/contract';
import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '../../../lib/api-client';

/** The song's 30-second preview clip (audio/mpeg), fetched with the session's token. */
export const getPreview = (songId: number) => apiBlob(API.songPreview.path({ id: songId }));

/**
 * One fetch per click, never cached: the page turns the clip into a temporary object URL that
 * it owns and releases.
 */
export const usePreview = () => useMutation({ mutationFn: getPreview });
