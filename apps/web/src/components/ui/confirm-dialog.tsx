import { messages } from '@exchange/contracts';
import { type ReactNode, useState } from 'react';
import { Button, type ButtonVariant } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The question, verbatim from the spec, e.g. 'Are You Sure Want To Logout !'. */
  readonly title: ReactNode;
  readonly description?: ReactNode;
  readonly children?: ReactNode;
  readonly confirmLabel?: ReactNode;
  readonly cancelLabel?: ReactNode;
  readonly confirmVariant?: ButtonVariant;
  /**
   * May return a promise: the dialog then shows `busyText` and stays open until it settles. It should
   * report its own errors; a rejection leaves the dialog open.
   */
  readonly onConfirm: () => unknown;
  readonly busyText?: ReactNode;
  /** Closes the dialog once `onConfirm` resolves. Off when the caller navigates or reloads anyway. */
  readonly closeOnConfirm?: boolean;
}

/**
 * A yes/no question before a consequential action (logout, money movements, KYC decisions).
 * The confirm button is disabled while the action runs, so one confirmation sends one request.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel = 'YES',
  cancelLabel = 'No',
  confirmVariant = 'primary',
  onConfirm,
  busyText = messages.pleaseWait,
  closeOnConfirm = true,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await onConfirm();
      if (closeOnConfirm) onOpenChange(false);
    } catch {
      // The caller reports its own failure (usually a toast); the dialog stays open so the user can retry or cancel.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      role="alertdialog"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} onClick={confirm} loading={busy} loadingText={busyText}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
