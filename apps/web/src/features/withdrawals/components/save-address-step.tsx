import { formatMessage, messages } from '@exchange/contracts';
import { shortAddress } from '@exchange/domain';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ModalBody, ModalFooter, ModalForm } from '../../../components/ui/modal';
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
  lead,
}: {
  readonly entry: AddressToSave;
  readonly onDone: () => void;
  /** What the dialog says before the question (the withdrawal's own outcome). */
  readonly lead?: ReactNode;
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
    <ModalForm
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ModalBody className="flex flex-col gap-3">
        {lead}
        <p className="border-t border-line pt-4 text-sm text-ink">
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
      </ModalBody>
      <ModalFooter error={error}>
        <Button variant="secondary" onClick={onDone} disabled={add.isPending}>
          {messages.coinWithdrawNotNow}
        </Button>
        <Button type="submit" loading={add.isPending}>
          {messages.coinWithdrawSaveButton}
        </Button>
      </ModalFooter>
    </ModalForm>
  );
}
