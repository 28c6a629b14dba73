import { API, type Ok } from '@queuecast/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Ends every session of an account: its tokens stop working, its open pages sign out. */
export const logoutUser = (id: number) =>
  api<Ok>(API.adminUserLogout.path({ id }), { method: 'POST' });

export const useLogoutUser = () => useMutation({ mutationFn: logoutUser });
