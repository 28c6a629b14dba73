import { PAGES } from '@queuecast/contract';
import { Link } from 'react-router';

/**
 * A username as a link to that person's page (`/user/{name}`). The name is text of its own
 * direction (`<bdi>`), so a right-to-left name never turns the line around it.
 */
export function UserLink({ username, className }: { username: string; className?: string }) {
  return (
    <Link to={PAGES.user.path({ username })} className={className}>
      <bdi>{username}</bdi>
    </Link>
  );
}
