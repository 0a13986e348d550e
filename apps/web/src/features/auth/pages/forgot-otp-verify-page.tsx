import { Link, useLocation } from 'react-router';
import { paths } from '../../../lib/paths';
import { AuthCard, textLink } from '../components/auth-card';
import { OtpVerifyForm } from '../components/otp-verify-form';
import { emailFromState } from './navigation-state';

/** Password reset, step two: the code from the reset e-mail. */
export function ForgotOtpVerifyPage() {
  const location = useLocation();
  return (
    <AuthCard
      title="Enter your reset code"
      description="Enter the 6-digit code we e-mailed you to choose a new password."
      footer={
        <Link to={paths.forgotPassword} className={textLink}>
          Use a different e-mail
        </Link>
      }
    >
      <OtpVerifyForm type="PASSWORD_RESET" email={emailFromState(location.state)} />
    </AuthCard>
  );
}
