import { messages, resetPasswordRequestSchema } from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { SUCCESS_REDIRECT_MS } from '../../../lib/config';
import { paths } from '../../../lib/paths';
import { useDelayedAction } from '../../../lib/use-delayed-action';
import { resetPassword } from '../api/reset-password';
import { passwordHint } from './password-hint';

const resetFormSchema = resetPasswordRequestSchema.pick({ email: true, password: true });
type ResetForm = z.input<typeof resetFormSchema>;

interface ResetPasswordFormProps {
  readonly email?: string;
  /** The code checked on the previous screen; the reset call sends it again. */
  readonly otp: string;
}

/** Spec section 2: e-mail and a new password with the registration rules; then / after 3 seconds. */
export function ResetPasswordForm({ email, otp }: ResetPasswordFormProps) {
  const navigate = useNavigate();
  const later = useDelayedAction();
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { email: email ?? '', password: '' },
  });
  const busy = isSubmitting || redirecting;

  const onSubmit = handleSubmit(async (form) => {
    try {
      const response = await resetPassword({ email: form.email, password: form.password, otp });
      toast.success(response.message);
      setRedirecting(true);
      later(() => navigate(paths.home, { replace: true }), SUCCESS_REDIRECT_MS);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={busy} className="flex flex-col gap-4">
        <Input
          label="Email"
          type="email"
          autoComplete="username"
          readOnly={Boolean(email)}
          error={errors.email?.message}
          {...register('email')}
        />
        <Input
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={passwordHint}
          error={errors.password?.message}
          {...register('password')}
        />
        <Button
          type="submit"
          fullWidth
          size="lg"
          loading={busy}
          loadingText={isSubmitting ? messages.processing : messages.pleaseWait}
        >
          Reset password
        </Button>
      </fieldset>
    </form>
  );
}
