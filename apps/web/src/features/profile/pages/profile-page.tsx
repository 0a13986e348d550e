import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { useSession } from '../../session/session-context';
import { ChangePasswordForm } from '../components/change-password-form';
import { PersonalInfoForm } from '../components/personal-info-form';

/**
 * /profile is not guarded (spec section 2), so a visitor is invited to log in instead of being
 * shown forms that cannot work. A user edits their personal information and changes the password.
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
        <PersonalInfoForm user={session.user} />
        <ChangePasswordForm email={session.user.email} />
      </div>
      <Card title="Invite friends" className="mt-6">
        <p className="text-sm text-muted">
          Share your referral link and earn a reward when a friend passes KYC.
        </p>
        <Link to={paths.refer} className={buttonClasses('secondary', 'md', 'mt-4')}>
          Add Referral
        </Link>
      </Card>
    </div>
  );
}
