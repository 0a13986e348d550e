import { messages, type OtpType, otpVerifyRequestSchema } from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { OTP_RESENT_NOTICE_MS, SUCCESS_REDIRECT_MS } from '../../../lib/config';
import { paths } from '../../../lib/paths';
import { useDelayedAction } from '../../../lib/use-delayed-action';
import { requestCode } from '../api/request-code';
import { verifyOtp } from '../api/verify-otp';
import { OtpInput } from './otp-input';

const otpFormSchema = otpVerifyRequestSchema.omit({ type: true });
type OtpForm = z.input<typeof otpFormSchema>;

interface OtpVerifyFormProps {
  /** EMAIL_VERIFY after sign-up; PASSWORD_RESET on the way to a new password. */
  readonly type: OtpType;
  /** From navigation state; when missing the form asks for it. */
  readonly email?: string;
}

/**
 * Spec section 2: a 6-digit masked code, Submit and a resend control. A verified sign-up code leads to
 * the login after 3 seconds; a checked reset code leads to the new-password screen, carrying e-mail
 * and code, because the reset call sends the code again.
 */
export function OtpVerifyForm({ type, email: knownEmail }: OtpVerifyFormProps) {
  const navigate = useNavigate();
  const later = useDelayedAction();
  const [redirecting, setRedirecting] = useState(false);
  const [resending, setResending] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<OtpForm>({
    resolver: zodResolver(otpFormSchema),
    defaultValues: { email: knownEmail ?? '', otp: '' },
  });
  const busy = isSubmitting || redirecting;

  const onSubmit = handleSubmit(async ({ email, otp }) => {
    try {
      const response = await verifyOtp({ email, otp, type });
      toast.success(response.message);
      setRedirecting(true);
      later(() => {
        if (type === 'EMAIL_VERIFY') navigate(paths.login, { replace: true, state: { email } });
        else navigate(paths.resetPassword, { replace: true, state: { email, otp } });
      }, SUCCESS_REDIRECT_MS);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  const resend = async () => {
    if (!(await trigger('email'))) return;
    const email = getValues('email').trim().toLowerCase();
    setResending(true);
    try {
      await requestCode({ email, type });
      // Spec sections 8 and 9: the confirmation appears 3 seconds after the resend.
      later(() => {
        toast.success(messages.otpResent);
        setResending(false);
      }, OTP_RESENT_NOTICE_MS);
    } catch (error) {
      toast.error(errorMessage(error));
      setResending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={busy} className="flex flex-col gap-5">
        {knownEmail ? (
          <p className="text-sm text-muted">
            We sent a 6-digit code to <span className="font-medium wrap-anywhere text-ink">{knownEmail}</span>
            .
          </p>
        ) : (
          <Input
            label="Email"
            type="email"
            autoComplete="email"
            hint="The e-mail address the code was sent to."
            error={errors.email?.message}
            {...register('email')}
          />
        )}
        <Controller
          control={control}
          name="otp"
          render={({ field }) => (
            <OtpInput
              ref={field.ref}
              label="Verification code"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={busy}
              error={errors.otp?.message}
            />
          )}
        />
        <Button
          type="submit"
          fullWidth
          size="lg"
          loading={busy}
          loadingText={isSubmitting ? messages.processing : messages.pleaseWait}
        >
          Submit
        </Button>
        <p className="text-center text-sm text-muted">
          Didn't get the code?{' '}
          <Button
            variant="ghost"
            size="sm"
            onClick={resend}
            loading={resending}
            loadingText={messages.pleaseWait}
          >
            Resend OTP
          </Button>
        </p>
      </fieldset>
    </form>
  );
}
