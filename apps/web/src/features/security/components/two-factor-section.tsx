import {
  formatMessage,
  messages,
  type TotpConfirmRequest,
  type TotpDisableRequest,
  type TotpEnrolment,
  totpConfirmRequestSchema,
  totpDisableRequestSchema,
} from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { SecondFactorInput } from '../../../shared/two-factor/second-factor-input';
import { WithdrawalPauseNotice } from '../../withdrawals/components/withdrawal-pause-notice';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useStartTwoFactorEnrolment,
  useTwoFactorStatus,
} from '../api/two-factor';

/**
 * Two-factor sign-in for the signed-in account (customer or admin): set up with a QR code (and the
 * secret as text, for apps that cannot scan) and a first code; then the ten recovery codes, shown
 * this once, with a Download as a text file; once on, turning it off takes a code.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body: React.ReactNode;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (status.isPending) body = <Skeleton className="h-10 w-64" />;
  else if (status.isError)
    body = <ErrorState message={errorMessage(status.error)} onRetry={() => void status.refetch()} />;
  else if (status.data.enabled)
    body = (
      <TurnOff
        codesLeft={status.data.recovery_codes_left}
        pausedUntil={status.data.withdrawals_paused_until}
      />
    );
  else body = <Enrol onEnabled={setRecoveryCodes} />;
  return <Card title={messages.twoFactorTitle}>{body}</Card>;
}

function Enrol({ onEnabled }: { readonly onEnabled: (codes: string[]) => void }) {
  const start = useStartTwoFactorEnrolment();
  const confirm = useConfirmTwoFactor();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<TotpConfirmRequest>({
    resolver: zodResolver(totpConfirmRequestSchema),
    defaultValues: { code: '' },
  });
  // Confirm waits for six digits, so a code the server would refuse is never sent.
  const complete = /^\d{6}$/.test(watch('code').trim());

  const begin = async () => {
    try {
      const response = await start.mutateAsync();
      setEnrolment(response.data);
      toast.success(response.message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const submit = handleSubmit(async ({ code }) => {
    try {
      const response = await confirm.mutateAsync(code);
      toast.success(response.message);
      onEnabled(response.data.recovery_codes);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  if (!enrolment)
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-muted">{messages.twoFactorOffIntro}</p>
        <Button onClick={begin} loading={start.isPending}>
          {messages.twoFactorSetUp}
        </Button>
      </div>
    );
  return (
    <div className="flex flex-col gap-4 sm:flex-row">
      <img
        src={enrolment.qr_data_url}
        alt="QR code for the authenticator app"
        width={180}
        height={180}
        className="self-start rounded-md bg-white p-2"
      />
      <form onSubmit={submit} className="flex min-w-0 flex-col gap-3 sm:max-w-sm">
        <p className="text-sm text-muted">{messages.totpEnrolStarted}</p>
        <PauseAhead hours={enrolment.withdrawal_pause_hours} />
        <p className="text-sm">
          {messages.twoFactorSecretLabel}:{' '}
          <code data-testid="two-factor-secret" className="break-all text-ink">
            {enrolment.secret}
          </code>
        </p>
        <Input
          label={messages.authenticationCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={errors.code?.message}
          {...register('code')}
        />
        <div>
          <Button type="submit" loading={confirm.isPending} disabled={!complete}>
            {messages.twoFactorConfirm}
          </Button>
        </div>
      </form>
    </div>
  );
}

/**
 * Told before the code is confirmed (issue 45): turning two-factor on pauses withdrawals for the
 * cool-down, until a time in the viewer's zone counted from now.
 */
function PauseAhead({ hours }: { readonly hours: number }) {
  if (hours <= 0) return null;
  const until = formatDateTime(Date.now() + hours * 3_600_000);
  return (
    <p
      data-testid="withdrawal-pause-ahead"
      className="rounded-md border border-line px-3 py-2 text-sm text-ink"
    >
      {formatMessage(messages.withdrawalPauseAhead, { hours: String(hours), until })}
    </p>
  );
}

/** Offers the codes as a text file, one a line, named for the site. */
function downloadCodes(codes: readonly string[]): void {
  const text = `Exchange recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'exchange-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

function RecoveryCodes({ codes, onDone }: { readonly codes: string[]; readonly onDone: () => void }) {
  return (
    <div className="flex flex-col gap-3">
      <Badge tone="success" className="self-start">
        {messages.totpEnabled}
      </Badge>
      <h3 className="text-sm font-semibold text-ink">{messages.recoveryCodesTitle}</h3>
      <p className="text-sm text-muted">{messages.recoveryCodesShownOnce}</p>
      <ul
        aria-label={messages.recoveryCodesTitle}
        className="grid grid-cols-2 gap-2 rounded-md border border-line p-3 font-mono text-sm text-ink sm:max-w-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => downloadCodes(codes)}>
          {messages.recoveryCodesDownload}
        </Button>
        <Button onClick={onDone}>{messages.recoveryCodesSaved}</Button>
      </div>
    </div>
  );
}

function TurnOff({
  codesLeft,
  pausedUntil,
}: {
  readonly codesLeft: number;
  readonly pausedUntil: string | null;
}) {
  const disable = useDisableTwoFactor();
  const {
    register,
    unregister,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TotpDisableRequest>({ resolver: zodResolver(totpDisableRequestSchema) });
  const submit = handleSubmit(async (body) => {
    try {
      const response = await disable.mutateAsync(body);
      toast.success(response.message);
      reset();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone="success">{messages.totpEnabled}</Badge>
        <span className="text-sm text-muted">
          {formatMessage(messages.recoveryCodesLeft, { count: String(codesLeft) })}
        </span>
      </div>
      <WithdrawalPauseNotice until={pausedUntil} />
      <p className="text-sm text-muted">{messages.twoFactorOnIntro}</p>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:max-w-sm">
        <p className="text-sm text-muted">{messages.twoFactorTurnOffHint}</p>
        <SecondFactorInput
          register={(field) => register(field, { shouldUnregister: true })}
          unregister={unregister}
          errors={{ totp: errors.totp?.message, recoveryCode: errors.recovery_code?.message }}
        />
        <div>
          <Button type="submit" variant="danger" loading={disable.isPending}>
            {messages.twoFactorTurnOff}
          </Button>
        </div>
      </form>
    </div>
  );
}
