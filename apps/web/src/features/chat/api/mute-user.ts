import { API, type MuteResult } from '@queuecast/contract';
import { useMutation } from '@tanstack/react-query';
import { api, errorText } from '../../../lib/api-client';
import { serverNow } from '../../../lib/server-clock';
import { notify } from '../../../lib/toast';
import { muteEndText } from '../mute-notice';

/** POST /api/moderation/users/:id/mute (staff): `minutes` of silence; 0 lifts the mute. */
export const muteUser = ({ userId, minutes }: { userId: number; minutes: number }) =>
  api<MuteResult>(API.mute.path({ id: userId }), { method: 'POST', body: { minutes } });

/** Mutes or unmutes a chat author; the outcome is a toast naming them. */
export function useMuteUser() {
  return useMutation({
    mutationFn: (vars: { userId: number; username: string; minutes: number }) => muteUser(vars),
    onSuccess: (result, { username }) => {
      notify.success(
        result.muted_until === null
          ? `${username} may chat again.`
          : `${username} is muted until ${muteEndText(result.muted_until, serverNow())}.`,
      );
    },
    onError: (err) =>
      notify.error(errorText(err, 'Could not change the mute.', 'Network error; try again.')),
  });
}
