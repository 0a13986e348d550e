import { messages } from '@exchange/contracts';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { AuthCard, textLink } from '../components/auth-card';
import { ForgotPasswordForm } from '../components/forgot-password-form';

export function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot password"
      description="Enter the e-mail of your account and we will send you a 6-digit code to reset your password."
      footer={
        // Spec section 2: 'Back To Login' goes to /.
        <Link to={paths.home} className={textLink}>
          {messages.backToLogin}
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
