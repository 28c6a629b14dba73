import { API, type SignupBody, type SignupResponse } from '@queuecast/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';

export async function signup(body: SignupBody): Promise<SignupResponse> {
  const result = await api<SignupResponse>(API.signup.path(), { method: 'POST', body });
  sessionStore.login(result.token);
  return result;
}

export const useSignup = () => useMutation({ mutationFn: signup });
