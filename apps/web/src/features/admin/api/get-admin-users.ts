import { API, type AdminUserList } from '@queuecast/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ADMIN_USERS_PAGE_SIZE, adminUsersKey, nextFromId } from '../admin-users-cache';

/** One page of accounts, newest first; `fromId` pages on past the oldest one loaded. */
export const getAdminUsers = (search: string, fromId: number | undefined) =>
  api<AdminUserList>(
    API.adminUsers.path({
      limit: ADMIN_USERS_PAGE_SIZE,
      from_id: fromId,
      search: search || undefined,
    }),
  );

/** The accounts whose username contains `search` (every account when empty), for admins. */
export const useAdminUsers = (search: string) =>
  useInfiniteQuery({
    queryKey: adminUsersKey(search),
    queryFn: ({ pageParam }) => getAdminUsers(search, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => nextFromId(page),
    // The list of the previous filter stays until the new one arrives.
    placeholderData: keepPreviousData,
    retry: false,
  });
