import { messages } from '@exchange/contracts';
import { type ReactNode, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * A yes/no question before an admin's action on a customer's account that names its reason (disable,
 * freeze withdrawals): Yes with an empty reason keeps the dialog open with 'Please give a reason', as
 * the server would refuse it; the message goes away as the reason is typed.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  confirmVariant,
  onConfirm,
  reasonRequired = true,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: ReactNode;
  readonly confirmVariant: 'danger' | 'primary' | 'success';
  /** Runs the action with the trimmed reason; rejects (after its own toast) to keep the dialog open. */
  readonly onConfirm: (reason: string) => Promise<unknown>;
  /** False for the undoing actions (enable, unfreeze), which ask no reason. */
  readonly reasonRequired?: boolean;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = (next: boolean) => {
    if (!next) {
      setReason('');
      setError(null);
    }
    onOpenChange(next);
  };
  const confirm = async () => {
    const trimmed = reason.trim();
    if (reasonRequired && !trimmed) {
      setError(messages.adminActionReasonRequired);
      throw new Error(messages.adminActionReasonRequired);
    }
    await onConfirm(trimmed);
    change(false);
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={change}
      title={title}
      confirmLabel="Yes"
      cancelLabel="NO"
      confirmVariant={confirmVariant}
      closeOnConfirm={false}
      onConfirm={confirm}
    >
      {reasonRequired ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium text-ink">
            {messages.adminActionReason}
          </label>
          <textarea
            id={id}
            maxLength={500}
            rows={3}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className="w-full rounded-md border border-line bg-raised px-3 py-2 text-sm text-ink focus-visible:border-accent"
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-danger">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
