import { PAGES } from '@queuecast/contract';
import { Link } from 'react-router';
import { useReferrals } from '../api/get-referrals';
import { cx } from '../../../components/ui/cx';
import styles from '../profile.module.css';

/** The caller's referral codes; unused ones link to sign-up with the code in the hash. */
export function InviteCodes({ userId }: { userId: number }) {
  const { data, isPending, isError } = useReferrals(userId, true);
  if (isPending) return <p className="muted">Loading...</p>;
  if (isError) return <p className="muted">Could not load your invite codes.</p>;
  if (data.length === 0) return <p className="muted">You have no invite codes.</p>;
  return (
    <ul className={cx(styles.inviteCodes, 'invite-codes')}>
      {data.map((r) => (
        <li key={r.code}>
          <code>{r.code}</code>{' '}
          {r.consumer_username ? (
            <span>Used by {r.consumer_username}</span>
          ) : (
            <>
              <span>Unused</span> –{' '}
              <Link to={`${PAGES.signup.path()}#${encodeURIComponent(r.code)}`}>sign-up link</Link>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
