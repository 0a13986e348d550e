import { DEBT_NOTE_MAX, type DebtItem, type DebtSettlement, messages } from '@exchange/contracts';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { useSettleDebt } from '../api/admin-debts';

const methods = [
  { value: 'COLLECTED', label: messages.debtCollect },
  { value: 'WRITTEN_OFF', label: messages.debtWriteOff },
] as const;

/**
 * Settles one open debt, whole: collected from the customer's available USD, or written off with a
 * note. The server decides (balance, note, not twice); its refusal shows in the dialog.
 */
export function SettleDebtDialog({
  debt,
  onClose,
}: {
  readonly debt: DebtItem | null;
  readonly onClose: () => void;
}) {
  const formId = useId();
  const settle = useSettleDebt();
  const [method, setMethod] = useState<DebtSettlement>('COLLECTED');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (debt) {
      setMethod('COLLECTED');
      setNote('');
      setError(undefined);
    }
  }, [debt]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!debt) return;
    setError(undefined);
    try {
      await settle.mutateAsync({ debtId: debt._id, method, note });
      toast.success(messages.debtSettled);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <Modal
      open={debt !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Settle debt"
      description={debt ? `${formatUsd(debt.amount)} owed by ${debt.user.email}` : undefined}
      error={error}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={settle.isPending} loadingText={messages.pleaseWait}>
            Settle
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={submit}>
        <Select
          label="How"
          options={methods}
          value={method}
          onChange={(event) => setMethod(event.target.value as DebtSettlement)}
        />
        <Textarea
          label={messages.debtNoteLabel}
          maxLength={DEBT_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </form>
    </Modal>
  );
}
