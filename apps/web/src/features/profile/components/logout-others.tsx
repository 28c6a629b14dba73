import { errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useLogoutOthers } from '../api/logout-others';

/** Signs the account out on every other browser and device; this page stays signed in. */
export function LogoutOthers() {
  const logout = useLogoutOthers();
  const run = () =>
    logout.mutate(undefined, {
      onSuccess: () => notify.success('Logged out everywhere else.'),
      onError: (err) => notify.error(errorText(err, 'Failed to log out the other sessions')),
    });
  return (
    <div className="logout-others">
      <p className="muted">
        Signs you out on every other browser and device, for instance one you forgot to log out of.
        This page stays signed in.
      </p>
      <button type="button" onClick={run} disabled={logout.isPending}>
        Log out everywhere else
      </button>
    </div>
  );
}
