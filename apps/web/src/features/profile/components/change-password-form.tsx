import {
  type ChangePasswordRequest,
  type ChangePasswordForm as ChangePasswordValues,
  changePasswordFormSchema,
  messages,
  secondFactorFields,
} from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { SecondFactorInput } from '../../../shared/two-factor/second-factor-input';
import { twoFactorStatusKey, useTwoFactorStatus } from '../../../shared/two-factor/use-two-factor-status';
import { changePassword } from '../api/change-password';

const empty: ChangePasswordValues = { current_password: '', new_password: '', confirm_password: '' };

/** The form's fields with the second factor the server asks for when two-factor sign-in is on. */
type FormValues = ChangePasswordValues & Pick<ChangePasswordRequest, 'totp' | 'recovery_code'>;
const formSchema = changePasswordFormSchema.and(z.object(secondFactorFields));

/**
 * Spec section 5: old, new and confirm, with the messages in the spec's order. Success shows the
 * server's message and empties the form; failure shows the server's message.
 */
export function ChangePasswordForm({ email }: { readonly email?: string }) {
  const {
    register,
    unregister,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: empty,
  });
  // With two-factor on, the change takes a code too (the server refuses it without one).
  const twoFactor = useTwoFactorStatus();
  const queryClient = useQueryClient();

  const onSubmit = handleSubmit(async (form) => {
    try {
      const response = await changePassword({
        email,
        current_password: form.current_password,
        new_password: form.new_password,
        totp: form.totp,
        recovery_code: form.recovery_code,
      });
      toast.success(response.message);
      reset(empty);
      // A new password pauses withdrawals: the status that carries the pause's end is read again, so
      // the wallet and the Security page say so at once.
      void queryClient.invalidateQueries({ queryKey: twoFactorStatusKey });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <Card title="Change Password">
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={isSubmitting} className="grid gap-4 md:max-w-md">
          <Input
            label="Old password"
            type="password"
            autoComplete="current-password"
            error={errors.current_password?.message}
            {...register('current_password')}
          />
          <Input
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.new_password?.message}
            {...register('new_password')}
          />
          <Input
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirm_password?.message}
            {...register('confirm_password')}
          />
          {twoFactor.data?.enabled ? (
            <>
              <p className="text-sm text-muted">{messages.passwordChangeCodeHint}</p>
              <SecondFactorInput
                register={(field) => register(field, { shouldUnregister: true })}
                unregister={unregister}
                errors={{ totp: errors.totp?.message, recoveryCode: errors.recovery_code?.message }}
              />
            </>
          ) : null}
          <div>
            <Button type="submit" loading={isSubmitting} loadingText={messages.processing}>
              Change Password
            </Button>
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
