import { PAGES, type UserRef } from '@queuecast/contract';
import { Link } from 'react-router';
import { BlockToggle } from '../../../components/block-toggle';
import styles from '../people.module.css';

/**
 * What a signed-in visitor can do with someone else: write to them (the inbox opens the
 * conversation, named from here) and block or unblock them.
 */
export function ProfileActions({ viewerId, person }: { viewerId: number; person: UserRef }) {
  return (
    <div className={styles.actions}>
      <Link
        className={styles.message}
        to={PAGES.inbox.path({ with: person.id })}
        state={{ partner: person }}
      >
        Message
      </Link>
      <BlockToggle userId={viewerId} partner={person} />
    </div>
  );
}
