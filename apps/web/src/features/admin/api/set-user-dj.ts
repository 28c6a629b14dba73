import { API, type DjStatus } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { allAdminUsersKey, withDj, type AdminUserPages } from '../admin-users-cache';

/** `anytime`: the DJ may go on air outside their scheduled shows; left out, it stays. */
export const setUserDj = ({ id, dj, anytime }: { id: number; dj: boolean; anytime?: boolean }) =>
  api<DjStatus>(API.adminUserDj.path({ id }), {
    method: 'PUT',
    body: anytime === undefined ? { dj } : { dj, anytime },
  });

/** Grants or revokes the DJ permission; every loaded list shows what the server answered. */
export function useSetUserDj() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserDj,
    onSuccess: (status) =>
      queryClient.setQueriesData<AdminUserPages>({ queryKey: allAdminUsersKey }, (data) =>
        withDj(data, status),
      ),
  });
}
