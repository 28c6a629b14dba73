import { ROLES, type AdminUser, type Role } from '@queuecast/contract';
import { errorText } from '../../../lib/api-client';
import { formatDateTime, isoTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useLogoutUser } from '../api/logout-user';
import { useSetUserDj } from '../api/set-user-dj';
import { useSetUserRole } from '../api/set-user-role';
import styles from '../admin-users.module.css';

function When({ at }: { at: number | null }) {
  if (at === null) return <span className="muted">Never</span>;
  return <time dateTime={isoTime(at)}>{formatDateTime(at)}</time>;
}

/**
 * One account: its name, a role selector and the DJ permission (each saved at once), when it
 * joined and was last seen, and a button that signs it out everywhere (not for one's own: the
 * profile page has that). The controls show what is stored, so a refused change springs back.
 */
export function UserRow({ user, self }: { user: AdminUser; self: boolean }) {
  const setRole = useSetUserRole();
  const setDj = useSetUserDj();
  const changeDj = (dj: boolean, anytime?: boolean) =>
    setDj.mutate(
      { id: user.id, dj, ...(anytime === undefined ? {} : { anytime }) },
      {
        onSuccess: (status) =>
          notify.success(
            !status.dj
              ? `${status.username} is no longer a DJ`
              : anytime === undefined
                ? `${status.username} is a DJ`
                : status.anytime
                  ? `${status.username} may go live at any time`
                  : `${status.username} may go live in their scheduled shows`,
          ),
        onError: (err) => notify.error(errorText(err, 'Failed to change the DJ permission')),
      },
    );
  const logout = useLogoutUser();
  const logoutEverywhere = () =>
    logout.mutate(user.id, {
      onSuccess: () => notify.success(`${user.username} is logged out everywhere`),
      onError: (err) => notify.error(errorText(err, 'Failed to log the user out')),
    });
  const change = (role: Role) =>
    setRole.mutate(
      { id: user.id, role },
      {
        onSuccess: () => notify.success('Role updated'),
        onError: (err) => notify.error(errorText(err, 'Failed to update role')),
      },
    );
  return (
    <tr>
      <td data-label="Username" className={styles.adminUsername}>
        <span>
          {user.username}
          {self && <span className="muted"> (you)</span>}
        </span>
      </td>
      <td data-label="Role">
        <select
          aria-label={`Role of ${user.username}`}
          value={user.role}
          disabled={setRole.isPending}
          onChange={(e) => change(e.target.value as Role)}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </td>
      <td data-label="DJ">
        <input
          type="checkbox"
          aria-label={`DJ: ${user.username}`}
          checked={user.dj}
          disabled={setDj.isPending}
          onChange={(e) => changeDj(e.target.checked)}
        />
        {user.dj && (
          <label className={styles.anytime}>
            <input
              type="checkbox"
              checked={user.anytime}
              disabled={setDj.isPending}
              onChange={(e) => changeDj(true, e.target.checked)}
            />{' '}
            any time
          </label>
        )}
      </td>
      <td data-label="Joined">
        <When at={user.created_at} />
      </td>
      <td data-label="Last seen">
        <When at={user.last_seen_at} />
      </td>
      <td data-label="Sessions">
        {!self && (
          <button
            type="button"
            aria-label={`Log ${user.username} out everywhere`}
            disabled={logout.isPending}
            onClick={logoutEverywhere}
          >
            Log out everywhere
          </button>
        )}
      </td>
    </tr>
  );
}
