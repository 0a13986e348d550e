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

/** The answer as the server checks it (the contract's rule), and whether it closes the ticket. */
const answerFormSchema = z.object({
  answer: adminSupportAnswerRequestSchema.shape.answer,
  close: z.boolean(),
});

type AnswerForm = z.input<typeof answerFormSchema>;

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
  useEffect(() => {
    if (ticket) reset({ answer: ticket.answer ?? '', close: true });
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
        {ticket ? <p className="text-sm wrap-anywhere text-muted">{ticket.description}</p> : null}
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
