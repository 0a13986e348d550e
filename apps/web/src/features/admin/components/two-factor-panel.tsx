import {
  messages,
  type TotpConfirmRequest,
  type TotpEnrolment,
  totpConfirmRequestSchema,
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
import { useConfirmTotp, useStartTotpEnrolment, useTotpStatus } from '../api/two-factor';

/**
 * The signed-in admin turns on two-factor sign-in: a QR code (and the secret as text, for apps that
 * cannot scan) for the authenticator app, then a code from the app to prove it holds the secret.
 */
export function TwoFactorPanel() {
  const status = useTotpStatus();
  const start = useStartTotpEnrolment();
  const confirm = useConfirmTotp();
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
      setEnrolment(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  let body: React.ReactNode;
  if (status.isPending) body = <Skeleton className="h-10 w-64" />;
  else if (status.isError)
    body = <ErrorState message={errorMessage(status.error)} onRetry={() => void status.refetch()} />;
  else if (status.data) body = <Badge tone="success">{messages.totpEnabled}</Badge>;
  else if (!enrolment)
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-muted">
          Sign-in asks for a code from an authenticator app once this is on. Production refuses admin sign-in
          without it.
        </p>
        <Button onClick={begin} loading={start.isPending}>
          Set up two-factor authentication
        </Button>
      </div>
    );
  else
    body = (
      <div className="flex flex-col gap-4 sm:flex-row">
        <img
          src={enrolment.qr_data_url}
          alt="QR code for the authenticator app"
          width={180}
          height={180}
          className="rounded-md bg-white p-2"
        />
        <form onSubmit={submit} className="flex min-w-0 flex-col gap-3">
          <p className="text-sm text-muted">{messages.totpEnrolStarted}</p>
          <p className="text-sm">
            Secret: <code className="break-all text-ink">{enrolment.secret}</code>
          </p>
          <Input
            label="Authenticator code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.code?.message}
            {...register('code')}
          />
          <Button type="submit" loading={confirm.isPending} disabled={!complete}>
            Confirm
          </Button>
        </form>
      </div>
    );
  return <Card title={messages.twoFactorTitle}>{body}</Card>;
}
