import { useLocation } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { OtpVerifyForm } from '../components/otp-verify-form';
import { emailFromState } from './navigation-state';

/** After sign-up: verify the e-mail with the code we sent. */
export function OtpVerificationPage() {
  const location = useLocation();
  return (
    <AuthCard
      title="Verify your e-mail"
      description="Enter the 6-digit code from your inbox to activate your account."
    >
      <OtpVerifyForm type="EMAIL_VERIFY" email={emailFromState(location.state)} />
    </AuthCard>
  );
}
