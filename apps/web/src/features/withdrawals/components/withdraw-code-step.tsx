import { formatMessage, messages, type WithdrawalItem, type WithdrawalResponse } from '@exchange/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { ModalBody, ModalFooter, ModalForm } from '../../../components/ui/modal';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmWithdrawal } from '../api/withdrawals';

interface WithdrawCodeStepProps {
  readonly withdrawal: WithdrawalItem;
  /** Where the code was mailed, and how long it lives. */
  readonly email: string;
  readonly minutes: number;
  readonly onConfirmed: (response: WithdrawalResponse) => void;
}

/**
 * The last step of every withdrawal (USD and coins): the one-use code we mailed confirms the request,
 * which then waits for approval or is approved at once. The server's refusal is shown as it words it.
 */
export function WithdrawCodeStep({ withdrawal, email, minutes, onConfirmed }: WithdrawCodeStepProps) {
  const confirm = useConfirmWithdrawal();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async () => {
    setError(undefined);
    try {
      const response = await confirm.mutateAsync({ withdrawal_id: withdrawal._id, code: code.trim() });
      toast.success(response.message);
      onConfirmed(response);
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
      <ModalBody className="flex flex-col gap-4">
        <p className="text-sm text-ink">
          {formatMessage(messages.withdrawCodeHint, { email, minutes: String(minutes) })}
        </p>
        <Input
          label={messages.withdrawCodeLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          disabled={confirm.isPending}
        />
      </ModalBody>
      <ModalFooter error={error}>
        <Button type="submit" loading={confirm.isPending}>
          {messages.withdrawConfirm}
        </Button>
      </ModalFooter>
    </ModalForm>
  );
}
