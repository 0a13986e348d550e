import { forgetPasswordRequestSchema, messages } from '@exchange/contracts';
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
import { requestCode } from '../api/request-code';

const forgotFormSchema = forgetPasswordRequestSchema.pick({ email: true });
type ForgotForm = z.input<typeof forgotFormSchema>;

/** Spec section 2: one e-mail field; after the code is sent, the OTP screen opens after 3 seconds. */
export function ForgotPasswordForm() {
  const navigate = useNavigate();
  const later = useDelayedAction();
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotForm>({ resolver: zodResolver(forgotFormSchema), defaultValues: { email: '' } });
  const busy = isSubmitting || redirecting;

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const response = await requestCode({ email, type: 'PASSWORD_RESET' });
      toast.success(response.message);
      setRedirecting(true);
      later(() => navigate(paths.forgotOtpVerify, { state: { email } }), SUCCESS_REDIRECT_MS);
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
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button
          type="submit"
          fullWidth
          size="lg"
          loading={busy}
          loadingText={isSubmitting ? messages.processing : messages.pleaseWait}
        >
          {messages.forgotButton}
        </Button>
      </fieldset>
    </form>
  );
}
