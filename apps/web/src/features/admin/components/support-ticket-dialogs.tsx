import { type AdminSupportTicket, messages, SUPPORT_ANSWER_MAX } from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { adminOpsKeys, answerTicket, setTicketStatus } from '../api/admin-ops';

/** Answer a ticket: the answer closes it unless the admin keeps it open (ACTIVE). */
export function AnswerTicketDialog({
  ticket,
  onClose,
}: {
  readonly ticket: AdminSupportTicket | null;
  readonly onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [answer, setAnswer] = useState('');
  const [close, setClose] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (ticket) {
      setAnswer(ticket.answer ?? '');
      setClose(true);
      setError(undefined);
    }
  }, [ticket]);

  const submit = async () => {
    if (!ticket || busy) return;
    if (!answer.trim()) {
      setError(messages.supportAnswerRequired);
      return;
    }
    setBusy(true);
    try {
      await answerTicket({
        ticket_id: ticket._id,
        answer: answer.trim(),
        status: close ? 'CLOSED' : 'ACTIVE',
      });
      toast.success(messages.supportAnswered);
      await queryClient.invalidateQueries({ queryKey: adminOpsKeys.all });
      onClose();
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={ticket !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Answer ticket"
      description={ticket ? `${ticket.subject} — ${ticket.userdata.name}` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={busy} loadingText={messages.pleaseWait}>
            Send answer
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {ticket ? <p className="text-sm wrap-anywhere text-muted">{ticket.description}</p> : null}
        <Textarea
          label="Answer"
          value={answer}
          maxLength={SUPPORT_ANSWER_MAX}
          error={error}
          onChange={(event) => {
            setAnswer(event.target.value);
            setError(undefined);
          }}
        />
        <Checkbox
          label="Close the ticket"
          checked={close}
          onChange={(event) => setClose(event.target.checked)}
        />
      </form>
    </Modal>
  );
}

/** Closes a ticket without answering it, after a confirmation. */
export function CloseTicketDialog({
  ticket,
  onClose,
}: {
  readonly ticket: AdminSupportTicket | null;
  readonly onClose: () => void;
}) {
  const queryClient = useQueryClient();
  return (
    <ConfirmDialog
      open={ticket !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Are You sure you want to close this ticket ?"
      description={ticket?.subject}
      confirmLabel="Yes"
      cancelLabel="NO"
      confirmVariant="danger"
      onConfirm={async () => {
        if (!ticket) return;
        try {
          await setTicketStatus({ ticket_id: ticket._id, status: 'CLOSED' });
          toast.success(messages.supportStatusChanged);
          await queryClient.invalidateQueries({ queryKey: adminOpsKeys.all });
        } catch (failure) {
          toast.error(errorMessage(failure));
          throw failure;
        }
      }}
    />
  );
}
