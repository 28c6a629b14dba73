import { API, type LoginBody, type LoginResponse } from '@queuecast/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

export async function login(body: LoginBody): Promise<string> {
  const { token } = await api<LoginResponse>(API.login.path(), { method: 'POST', body });
  sessionStore.login(token);
  return token;
}

export const useLogin = () => useMutation({ mutationFn: login });
