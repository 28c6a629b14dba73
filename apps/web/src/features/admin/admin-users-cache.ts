import type { AdminUser, AdminUserList, Role } from '@queuecast/contract';
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
  return withFields(data, user.id, { role: user.role });
}

/** The loaded pages with one account's DJ permission; the same data when nothing changes. */
export function withDj(
  data: AdminUserPages | undefined,
  user: { id: number; dj: boolean; anytime?: boolean },
): AdminUserPages | undefined {
  return withFields(data, user.id, {
    dj: user.dj,
    ...(user.anytime === undefined ? {} : { anytime: user.anytime }),
  });
}

function withFields(
  data: AdminUserPages | undefined,
  id: number,
  fields: Partial<Pick<AdminUser, 'role' | 'dj' | 'anytime'>>,
): AdminUserPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => ({
    ...page,
    users: page.users.map((u) => {
      if (u.id !== id || Object.entries(fields).every(([k, v]) => u[k as keyof AdminUser] === v)) {
        return u;
      }
      changed = true;
      return { ...u, ...fields };
    }),
  }));
  return changed ? { ...data, pages } : data;
}
