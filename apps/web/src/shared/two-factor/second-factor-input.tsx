import { messages } from '@exchange/contracts';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '../../components/ui/input';

export type SecondFactorField = 'totp' | 'recovery_code';

/**
 * Where a second factor is asked for (the sign-in's code step, a password change, turning two-factor
 * off): the authenticator's code, or, behind "Use a recovery code", one of the recovery codes. Only
 * the shown field is registered, so only it is validated and sent.
 */
export function SecondFactorInput({
  register,
  unregister,
  errors,
  autoFocus,
}: {
  readonly register: (field: SecondFactorField) => UseFormRegisterReturn;
  /** Drops the field being hidden, so a half-typed code there is neither validated nor sent. */
  readonly unregister: (field: SecondFactorField) => void;
  readonly errors: { readonly totp?: string; readonly recoveryCode?: string };
  readonly autoFocus?: boolean;
}) {
  const [recovery, setRecovery] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      {recovery ? (
        <Input
          key="recovery"
          label={messages.recoveryCode}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          autoFocus
          hint={messages.signInRecoveryStep}
          error={errors.recoveryCode}
          {...register('recovery_code')}
        />
      ) : (
        <Input
          key="totp"
          label={messages.authenticationCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus={autoFocus}
          error={errors.totp}
          {...register('totp')}
        />
      )}
      <button
        type="button"
        onClick={() => {
          unregister(recovery ? 'recovery_code' : 'totp');
          setRecovery(!recovery);
        }}
        className="self-start rounded text-sm font-medium text-accent hover:underline"
      >
        {recovery ? messages.useAuthenticatorCode : messages.useRecoveryCode}
      </button>
    </div>
  );
}
