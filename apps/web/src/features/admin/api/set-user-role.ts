import { API, type Role, type User } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { allAdminUsersKey, withRole, type AdminUserPages } from '../admin-users-cache';

export const setUserRole = ({ id, role }: { id: number; role: Role }) =>
  api<User>(API.adminUserRole.path({ id }), { method: 'PUT', body: { role } });

/** Changes an account's role; every loaded list shows the role the server answered. */
export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: (user) =>
      queryClient.setQueriesData<AdminUserPages>({ queryKey: allAdminUsersKey }, (data) =>
        withRole(data, user),
      ),
  });
}
