import { API, type ChangePasswordBody, type ChangePasswordResponse } from '@queuecast/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

/**
 * The server ends every session of the account on a change and answers a fresh token, which
 * this page (its live socket too) goes on with.
 */
export function changePassword(body: ChangePasswordBody): Promise<void> {
  return sessionStore.renew(async () => {
    const { token } = await api<ChangePasswordResponse>(API.changePassword.path(), {
      method: 'PUT',
      body,
    });
    return token;
  });
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
