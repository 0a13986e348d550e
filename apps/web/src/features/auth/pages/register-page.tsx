import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { AuthCard, textLink } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';

export function RegisterPage() {
  const [params] = useSearchParams();
  const code = params.get('code')?.trim() || undefined;
  return (
    <AuthCard
      wide
      title="Create your account"
      description="Register with your e-mail; we send a 6-digit code to verify it."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={paths.login} className={textLink}>
            Login
          </Link>
        </p>
      }
    >
      <RegisterForm referralCode={code} />
    </AuthCard>
  );
}
