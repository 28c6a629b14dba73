import { PAGES } from '@queuecast/contract';
import { Navigate } from 'react-router';
import { Collapsible } from '../../../components/collapsible';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { ChangePasswordForm } from '../components/change-password-form';
import { DjSection } from '../components/dj-section';
import { FavoriteSongs } from '../components/favorite-songs';
import { InviteCodes } from '../components/invite-codes';
import { LogoutOthers } from '../components/logout-others';

export default function ProfilePage() {
  useDocumentTitle('Profile');
  const session = useSession();
  if (!session) return <Navigate to={PAGES.login.path()} replace />;
  return (
    <section className="profile">
      <h1>{session.user.username}</h1>
      <p className="muted">Role: {session.user.role}</p>
      <DjSection userId={session.user.id} username={session.user.username} />
      <Collapsible title="Change password">{() => <ChangePasswordForm />}</Collapsible>
      <Collapsible title="Sessions">{() => <LogoutOthers />}</Collapsible>
      <Collapsible title="Invite codes">
        {() => <InviteCodes userId={session.user.id} />}
      </Collapsible>
      <FavoriteSongs />
    </section>
  );
}
