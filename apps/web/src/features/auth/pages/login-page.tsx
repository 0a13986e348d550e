import { Link, useLocation } from 'react-router';
import { paths, readFrom } from '../../../lib/paths';
import { AuthCard, textLink } from '../components/auth-card';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  const location = useLocation();
  const from = readFrom(location.state);
  return (
    <AuthCard
      title="Login"
      description={
        from ? 'Log in to continue to the page you asked for.' : 'Welcome back. Log in to your account.'
      }
      footer={
        <p>
          New here?{' '}
          <Link to={paths.register} className={textLink}>
            Create an account
          </Link>
        </p>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
