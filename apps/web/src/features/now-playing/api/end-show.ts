import { API, type LiveKickResult } from '@queuecast/contract';
import { useMutation } from '@tanstack/react-query';
import { api, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { endedText } from '../live-show-text';

/** POST /api/live/kick: staff end the show on air; its DJ may not connect for `banMinutes`. */
export const endShow = (banMinutes: number) =>
  api<LiveKickResult>(API.liveKick.path(), { method: 'POST', body: { ban_minutes: banMinutes } });

/**
 * The outcome is told here, not by the caller: the live update that ends the show can arrive
 * before this call's answer and take the End show button (and any callback of its own) away.
 */
export const useEndShow = () =>
  useMutation({
    mutationFn: endShow,
    onSuccess: (result, minutes) => notify.success(endedText(result, minutes)),
    onError: (err) => notify.error(errorText(err, 'Failed to end the show')),
  });
