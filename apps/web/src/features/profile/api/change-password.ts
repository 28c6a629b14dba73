import { API, type ChangePasswordBody, type ChangePasswordResponse } from '@queuecast/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

/** The server invalidates older tokens on a change and answers a fresh one to keep using. */
export async function changePassword(body: ChangePasswordBody): Promise<void> {
  const { token } = await api<ChangePasswordResponse>(API.changePassword.path(), {
    method: 'PUT',
    body,
  });
  sessionStore.login(token);
}

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
