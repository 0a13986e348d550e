import { MOBILE_MAX, messages, NAME_MAX, type SignupForm, signupFormSchema } from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { countryOptions } from '../../../components/ui/select-options';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { SUCCESS_REDIRECT_MS } from '../../../lib/config';
import { paths } from '../../../lib/paths';
import { useDelayedAction } from '../../../lib/use-delayed-action';
import { signUp } from '../api/sign-up';
import { passwordHint } from './password-hint';

const countries = countryOptions();

interface RegisterFormProps {
  /** From the register link's ?code=: fills the referral code and ticks the box. */
  readonly referralCode?: string;
}

/**
 * Spec section 2 and 5: the register form with its verbatim messages. On success a toast, then the
 * OTP screen after 3 seconds, carrying the e-mail.
 */
export function RegisterForm({ referralCode }: RegisterFormProps) {
  const navigate = useNavigate();
  const later = useDelayedAction();
  const [redirecting, setRedirecting] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignupForm>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: {
      name: '',
      country_code: '',
      mobile_no: '',
      email: '',
      password: '',
      confirm_password: '',
      has_referral: Boolean(referralCode),
      referral_code: referralCode ?? '',
    },
  });
  const hasReferral = watch('has_referral');
  const busy = isSubmitting || redirecting;

  const onSubmit = handleSubmit(async (form) => {
    const email = form.email.trim().toLowerCase();
    try {
      const response = await signUp({
        name: form.name.trim(),
        country_code: form.country_code,
        mobile_no: form.mobile_no.trim(),
        email,
        password: form.password,
        confirm_password: form.confirm_password,
        referral_code: form.has_referral ? form.referral_code?.trim() || undefined : undefined,
      });
      toast.success(response.message);
      setRedirecting(true);
      later(() => navigate(paths.otpVerification, { state: { email } }), SUCCESS_REDIRECT_MS);
    } catch (error) {
      toast.error(errorMessage(error, messages.signupFailed));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={busy} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Input
            label="Name"
            autoComplete="name"
            maxLength={NAME_MAX}
            error={errors.name?.message}
            {...register('name')}
          />
        </div>
        <Select
          label="Country code"
          placeholder="Select country code"
          options={countries}
          autoComplete="tel-country-code"
          error={errors.country_code?.message}
          {...register('country_code')}
        />
        <Input
          label="Mobile number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={MOBILE_MAX}
          error={errors.mobile_no?.message}
          {...register('mobile_no')}
        />
        <div className="sm:col-span-2">
          <Input
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <Input
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={passwordHint}
          error={errors.password?.message}
          {...register('password')}
        />
        <Input
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        <div className="flex flex-col gap-3 sm:col-span-2">
          <Checkbox label="I have a referral code" {...register('has_referral')} />
          {hasReferral ? (
            <Input
              label="Referral code"
              autoComplete="off"
              error={errors.referral_code?.message}
              {...register('referral_code')}
            />
          ) : null}
        </div>
        <div className="sm:col-span-2">
          <Button
            type="submit"
            fullWidth
            size="lg"
            loading={busy}
            loadingText={isSubmitting ? messages.processing : messages.pleaseWait}
          >
            Register
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
