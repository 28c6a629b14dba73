import { isStaff } from '@queuecast/contract';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import type { PagePrefetch } from '../../../lib/page-prefetch';
import { sessionStore, useSession } from '../../../lib/session';
import { profileQuery, useProfile } from '../api/get-profile';
import { ActivityLists } from '../components/activity-lists';
import { ProfileActions } from '../components/profile-actions';
import styles from '../people.module.css';
import { joinedText, roleName } from '../profile-text';

/** The person, as this viewer sees them, before the first render when the page is opened. */
export const prefetch: PagePrefetch = (queryClient, { params }) =>
  queryClient.prefetchQuery(
    profileQuery(params.username ?? '', sessionStore.get()?.user.id ?? null),
  );

/**
 * `/user/{username}`: a person's public page. A name nobody has is the site's not-found page
 * (the server answers the page itself 404 too).
 */
export default function UserPage() {
  const username = useParams().username ?? '';
  const session = useSession();
  const viewerId = session?.user.id ?? null;
  const { data, isPending, error } = useProfile(username, viewerId);
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  useDocumentTitle(missing ? 'Page not found' : (data?.user.username ?? username));

  if (missing) return <NotFound />;
  if (isPending) return <p className="muted">Loading...</p>;
  if (error) {
    return (
      <section>
        <h1 dir="auto">{username}</h1>
        <p className="muted">Could not load this page. Try again later.</p>
      </section>
    );
  }
  const { user } = data;
  const own = viewerId === user.id;
  return (
    <article className={styles.page} aria-labelledby="user-title">
      <header className={styles.header}>
        <h1 id="user-title" dir="auto">
          {user.username}
        </h1>
        <span
          className={isStaff(user.role) ? `${styles.role} ${styles.staff}` : styles.role}
          data-testid="role-badge"
        >
          {roleName(user.role)}
        </span>
        <p className={`muted ${styles.joined}`}>
          <time dateTime={new Date(user.joined * 1000).toISOString()}>
            {joinedText(user.joined)}
          </time>
        </p>
        {viewerId !== null && !own && (
          <ProfileActions viewerId={viewerId} person={{ id: user.id, username: user.username }} />
        )}
      </header>
      <ActivityLists profile={data} />
    </article>
  );
}
