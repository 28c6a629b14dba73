import { API, type LogoutOthersResponse } from '@queuecast/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

/**
 * Ends every other session of the account (other browsers and devices sign out); this page
 * goes on with the fresh token the server answers.
 */
export function logoutOthers(): Promise<void> {
  return sessionStore.renew(async () => {
    const { token } = await api<LogoutOthersResponse>(API.logoutOthers.path(), {
      method: 'POST',
    });
    return token;
  });
}

export const useLogoutOthers = () => useMutation({ mutationFn: logoutOthers });
