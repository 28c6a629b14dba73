import { useId, useState } from 'react';
import { RoleGate } from '../../../components/role-gate';
import { QueryView } from '../../../components/query-view';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminUsers } from '../api/get-admin-users';
import { UserRow } from '../components/user-row';
import { cx } from '../../../components/ui/cx';
import styles from '../admin-users.module.css';

/** The username filter asks the server after this pause in typing. */
const FILTER_DEBOUNCE_MS = 300;

export default function AdminUsersPage() {
  useDocumentTitle('Users');
  const session = useSession();
  return (
    <RoleGate allowed={session?.user.role === 'admin'}>
      <AdminUsers selfId={session?.user.id} />
    </RoleGate>
  );
}

/** Admins: every account, newest first, filtered by username, with a role selector each. */
function AdminUsers({ selfId }: { selfId: number | undefined }) {
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const search = useDebouncedValue(filter.trim(), FILTER_DEBOUNCE_MS);
  const users = useAdminUsers(search);
  const list = users.data?.pages.flatMap((page) => page.users) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = users;

  return (
    <section className="admin-users">
      <h1>Users</h1>
      <p className="muted">
        A role change takes effect at once: the user is signed out everywhere and logs in again. A
        DJ may go live from their own software in their scheduled shows, or whenever they like with
        “any time” ticked; their profile shows how.
      </p>
      <div className={styles.adminFilter}>
        <label htmlFor={filterId}>Filter by username</label>
        <input
          id={filterId}
          type="search"
          value={filter}
          placeholder="Part of a username"
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      <QueryView
        query={users}
        failedToast="Failed to load users"
        failed="The users could not be loaded."
        isEmpty={(data) => data.pages.every((page) => page.users.length === 0)}
        empty="No users found."
      >
        {() => (
          <table
            className={cx(styles.adminUsersTable, 'admin-users-table')}
            aria-busy={users.isFetching}
          >
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Role</th>
                <th scope="col">DJ</th>
                <th scope="col">Joined</th>
                <th scope="col">Last seen</th>
                <th scope="col">Sessions</th>
              </tr>
            </thead>
            <tbody>
              {list.map((user) => (
                <UserRow key={user.id} user={user} self={user.id === selfId} />
              ))}
            </tbody>
          </table>
        )}
      </QueryView>
      {isFetchingNextPage ? (
        <p className="muted">Loading...</p>
      ) : (
        hasNextPage && (
          <button type="button" onClick={() => void fetchNextPage()}>
            Load more
          </button>
        )
      )}
    </section>
  );
}
