import { type LoginRequest, loginRequestSchema, messages } from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { SUCCESS_REDIRECT_MS } from '../../../lib/config';
import { paths, postLoginPath, readFrom } from '../../../lib/paths';
import { useDelayedAction } from '../../../lib/use-delayed-action';
import { SecondFactorInput } from '../../../shared/two-factor/second-factor-input';
import { useSession } from '../../session/session-context';
import { logIn } from '../api/log-in';
import { requestCode } from '../api/request-code';
import { textLink } from './auth-card';

/** The answers that mean the password was right and a second factor is wanted (again). */
const CODE_STEP: ReadonlySet<string> = new Set([
  'totp_required',
  'totp_invalid',
  'totp_replayed',
  'recovery_code_wrong',
]);

function initialEmail(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string')
    return state.email;
  return '';
}

/**
 * Spec section 2: e-mail (lower-cased as typed) and password; on success the session is kept, a
 * toast shown, and after 3 seconds the user goes on: back to the page a guard turned them away from
 * when they may see it, otherwise admins to the back-office and everyone else to the dashboard.
 */
export function LoginForm() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const later = useDelayedAction();
  const [redirecting, setRedirecting] = useState(false);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  // An account with two-factor sign-in on is asked for a code (or a recovery code) after the password.
  const [needsCode, setNeedsCode] = useState(false);
  const {
    register,
    unregister,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: initialEmail(location.state), password: '' },
  });
  const emailField = register('email');
  const busy = isSubmitting || redirecting;

  const onSubmit = handleSubmit(async (credentials) => {
    setUnverifiedEmail(null);
    try {
      const response = await logIn(credentials);
      session.signIn(response.token, response.data);
      toast.success(response.message);
      setRedirecting(true);
      const target = postLoginPath(response.data.role ?? response.data.user_role, readFrom(location.state));
      later(() => navigate(target, { replace: true }), SUCCESS_REDIRECT_MS);
    } catch (error) {
      if (isApiError(error) && error.code === 'email_not_verified') setUnverifiedEmail(credentials.email);
      if (isApiError(error) && CODE_STEP.has(error.code)) setNeedsCode(true);
      toast.error(errorMessage(error));
    }
  });

  // An unverified account gets a fresh sign-up code and the OTP screen, instead of a dead end.
  const verifyNow = async () => {
    if (!unverifiedEmail) return;
    setResending(true);
    try {
      const response = await requestCode({ email: unverifiedEmail, type: 'EMAIL_VERIFY' });
      toast.success(response.message);
      navigate(paths.otpVerification, { state: { email: unverifiedEmail } });
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {unverifiedEmail ? (
        <div role="alert" className="rounded-md border border-warning/40 bg-warning/10 p-4 text-sm text-ink">
          <p>{messages.emailNotVerified}</p>
          <Button className="mt-3" variant="secondary" size="sm" loading={resending} onClick={verifyNow}>
            Send a new code and verify
          </Button>
        </div>
      ) : null}
      <fieldset disabled={busy} className="flex flex-col gap-4">
        <Input
          label="Email"
          type="email"
          autoComplete="username"
          error={errors.email?.message}
          {...emailField}
          onChange={(event) => {
            // Spec section 5: the typed e-mail is lower-cased.
            event.target.value = event.target.value.toLowerCase();
            return emailField.onChange(event);
          }}
        />
        <Input
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {needsCode ? (
          <>
            <p className="text-sm text-muted">{messages.signInCodeStep}</p>
            <SecondFactorInput
              autoFocus
              register={(field) => register(field, { shouldUnregister: true })}
              unregister={unregister}
              errors={{ totp: errors.totp?.message, recoveryCode: errors.recovery_code?.message }}
            />
          </>
        ) : null}
        <div className="flex justify-end text-sm">
          <Link to={paths.forgotPassword} className={textLink}>
            Forgot password?
          </Link>
        </div>
        <Button
          type="submit"
          fullWidth
          size="lg"
          loading={busy}
          loadingText={isSubmitting ? messages.processing : messages.pleaseWait}
        >
          Login
        </Button>
      </fieldset>
    </form>
  );
}
