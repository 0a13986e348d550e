import { formatMessage, messages } from '@exchange/contracts';
import { shortAddress } from '@exchange/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useAddWithdrawalAddress } from '../api/withdrawal-addresses';
import type { AddressToSave } from './coin-withdraw-form-step';

/**
 * After a withdrawal to a typed address the customer asked to keep: adding it to the book is its own
 * two-factor action (a code works once, and the withdrawal used the last one), so the next code is asked.
 */
export function SaveAddressStep({
  entry,
  onDone,
}: {
  readonly entry: AddressToSave;
  readonly onDone: () => void;
}) {
  const add = useAddWithdrawalAddress();
  const [totp, setTotp] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async () => {
    setError(undefined);
    try {
      const response = await add.mutateAsync({ ...entry, totp: totp.trim() });
      toast.success(
        formatMessage(messages.addressBookSavedUsableFrom, { time: formatDateTime(response.data.usable_at) }),
      );
      onDone();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-3 border-t border-line pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-ink">
        {formatMessage(messages.coinWithdrawSaveStepTitle, {
          address: shortAddress(entry.address),
          label: entry.label,
        })}
      </p>
      <Input
        label={messages.withdrawTotpLabel}
        hint={messages.coinWithdrawSaveStepHint}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={totp}
        onChange={(event) => setTotp(event.target.value)}
        disabled={add.isPending}
      />
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone} disabled={add.isPending}>
          {messages.coinWithdrawNotNow}
        </Button>
        <Button type="submit" loading={add.isPending}>
          {messages.coinWithdrawSaveButton}
        </Button>
      </div>
    </form>
  );
}
