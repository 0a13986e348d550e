import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { AuthCard } from '../components/auth-card';
import { ResetPasswordForm } from '../components/reset-password-form';
import { emailFromState, otpFromState } from './navigation-state';

/** Password reset, step three. Without a checked code there is nothing to reset with, so start over. */
export function ResetPasswordPage() {
  const location = useLocation();
  const otp = otpFromState(location.state);
  const email = emailFromState(location.state);

  if (!otp) {
    return (
      <AuthCard
        title="Reset password"
        description="This page needs the code from your reset e-mail. Request a code first."
      >
        <Link to={paths.forgotPassword} className={buttonClasses('primary', 'lg', 'w-full')}>
          Request a reset code
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Choose a new password"
      description="Your code is checked. Pick a new password for your account."
    >
      <ResetPasswordForm email={email} otp={otp} />
    </AuthCard>
  );
}
