import {
  type AdminSupportTicket,
  adminSupportAnswerRequestSchema,
  messages,
  SUPPORT_ANSWER_MAX,
} from '@exchange/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { adminOpsKeys, answerTicket, setTicketStatus } from '../api/admin-ops';
import { TicketStatus } from './ticket-status';

/** The answer as the server checks it (the contract's rule), and whether it closes the ticket. */
const answerFormSchema = z.object({
  answer: adminSupportAnswerRequestSchema.shape.answer,
  close: z.boolean(),
});

type AnswerForm = z.input<typeof answerFormSchema>;

/**
 * What the admin answers: who asked (name and e-mail), where the ticket stands, what the customer
 * wrote and the team's last answer, so a Reply from the list or the ticket's page starts in context.
 */
function TicketContext({ ticket }: { readonly ticket: AdminSupportTicket }) {
  return (
    <div className="flex flex-col gap-2 rounded border border-line bg-raised p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="wrap-anywhere">
          <span className="font-medium text-ink">{ticket.userdata.name}</span>{' '}
          <span className="text-muted">{ticket.userdata.email}</span>
        </span>
        <TicketStatus status={ticket.status} />
      </div>
      <p className="wrap-anywhere whitespace-pre-line text-ink">{ticket.description}</p>
      {ticket.answer ? (
        <p className="wrap-anywhere whitespace-pre-line text-muted">
          <span className="font-medium">{messages.supportLastAnswer}</span> {ticket.answer}
        </p>
      ) : null}
    </div>
  );
}

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
  const {
    register,
    handleSubmit,
    reset,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<AnswerForm, unknown, z.output<typeof answerFormSchema>>({
    resolver: zodResolver(answerFormSchema),
    defaultValues: { answer: '', close: true },
    // As before: the message shows after Send answer and goes away as the answer is edited.
    reValidateMode: 'onSubmit',
  });
  // Each answer is a new message of the conversation: the box opens empty (the last answer is shown
  // above it, not offered again to be sent twice), and closing stays the default.
  useEffect(() => {
    if (ticket) reset({ answer: '', close: true });
  }, [ticket, reset]);

  const submit = handleSubmit(async ({ answer, close }) => {
    if (!ticket) return;
    try {
      await answerTicket({ ticket_id: ticket._id, answer, status: close ? 'CLOSED' : 'ACTIVE' });
      toast.success(messages.supportAnswered);
      await queryClient.invalidateQueries({ queryKey: adminOpsKeys.all });
      onClose();
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  });

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
          <Button type="submit" form={formId} loading={isSubmitting} loadingText={messages.pleaseWait}>
            Send answer
          </Button>
        </>
      }
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={submit}>
        {ticket ? <TicketContext ticket={ticket} /> : null}
        <Textarea
          label="Answer"
          maxLength={SUPPORT_ANSWER_MAX}
          error={errors.answer?.message}
          {...register('answer', { onChange: () => clearErrors('answer') })}
        />
        <Checkbox label="Close the ticket" {...register('close')} />
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
