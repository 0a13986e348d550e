import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { useSession } from '../../session/session-context';
import { ChangePasswordForm } from '../components/change-password-form';

/**
 * /profile is not guarded (spec section 2), so a visitor is invited to log in instead of being
 * shown forms that cannot work. Personal Information is later work and says so.
 */
export function ProfilePage() {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <PageSpinner />;
  if (!session.user) {
    return (
      <div>
        <PageHeader title="Profile" />
        <Card>
          <p className="text-sm text-muted">Log in to see your profile and change your password.</p>
          <Link
            to={paths.login}
            state={{ from: { pathname: location.pathname } }}
            className={buttonClasses('primary', 'md', 'mt-4')}
          >
            Login
          </Link>
        </Card>
      </div>
    );
  }

  return (
    <div>
      <PageHeader title="Profile" description={session.user.email} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Personal Information">
          <p className="text-sm text-muted">
            Editing your name, phone number and picture is not built yet. Your e-mail is{' '}
            <span className="break-all text-ink">{session.user.email}</span>.
          </p>
        </Card>
        <ChangePasswordForm email={session.user.email} />
      </div>
    </div>
  );
}
