import type { AdminUserList, Role } from '@queuecast/contract';
import type { InfiniteData } from '@tanstack/react-query';

/** Accounts per page of the admin list. */
export const ADMIN_USERS_PAGE_SIZE = 50;

/** The admin user list's pages for one username filter (an infinite query). */
export const adminUsersKey = (search: string) => ['admin', 'users', search] as const;

/** Every admin user list, whatever its filter. */
export const allAdminUsersKey = ['admin', 'users'] as const;

export type AdminUserPages = InfiniteData<AdminUserList, number | undefined>;

/**
 * The next page's `from_id`: the oldest account loaded, or undefined once a page came back
 * short (there is no more).
 */
export function nextFromId(page: AdminUserList, pageSize = ADMIN_USERS_PAGE_SIZE) {
  if (page.users.length < pageSize) return undefined;
  return page.users.at(-1)?.id;
}

/** The loaded pages with one account's new role; the same data when it is not loaded. */
export function withRole(
  data: AdminUserPages | undefined,
  user: { id: number; role: Role },
): AdminUserPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => ({
    ...page,
    users: page.users.map((u) => {
      if (u.id !== user.id || u.role === user.role) return u;
      changed = true;
      return { ...u, role: user.role };
    }),
  }));
  return changed ? { ...data, pages } : data;
}
