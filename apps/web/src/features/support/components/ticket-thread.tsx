import { messages, type SupportThread } from '@exchange/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal, ModalBody } from '../../../components/ui/modal';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useReplyToTicket, useTicketThread } from '../api/ticket-thread';

/** A ticket's conversation: its description first, then every reply in order, the team's marked. */
export function ThreadMessages({ thread }: { readonly thread: SupportThread }) {
  const first = {
    _id: 'description',
    from_team: false,
    author: thread.ticket.user,
    body: thread.ticket.description,
    createdAt: thread.ticket.createdAt,
  };
  return (
    <ol aria-label={messages.supportThreadTitle} className="flex flex-col gap-3">
      {[first, ...thread.replies].map((reply) => (
        <li
          key={reply._id}
          className={
            reply.from_team
              ? 'ml-6 rounded-md border border-accent/30 bg-accent/10 p-3'
              : 'mr-6 rounded-md border border-line bg-raised p-3'
          }
        >
          <p className="text-xs text-muted">
            {reply.from_team ? messages.supportFromTeam : reply.author.name} ·{' '}
            {formatDateTime(reply.createdAt)}
          </p>
          <p className="mt-1 text-sm whitespace-pre-wrap text-ink wrap-anywhere">{reply.body}</p>
        </li>
      ))}
    </ol>
  );
}

/** The customer's View of a ticket: the conversation and a reply box (issue 46 point 7). */
export function TicketThreadDialog({
  ticketId,
  onClose,
}: {
  readonly ticketId: string | null;
  readonly onClose: () => void;
}) {
  const thread = useTicketThread(ticketId);
  const reply = useReplyToTicket(ticketId ?? '');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setError(messages.supportReplyRequired);
    try {
      const response = await reply.mutateAsync(text.trim());
      toast.success(response.message);
      setText('');
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <Modal
      open={ticketId !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={thread.data?.ticket.subject ?? messages.supportThreadTitle}
      size="lg"
    >
      <ModalBody className="flex flex-col gap-4">
        {thread.data ? <ThreadMessages thread={thread.data} /> : <p className="text-sm text-muted">…</p>}
        <form onSubmit={send} className="flex flex-col gap-3">
          <Textarea
            label={messages.supportReplyLabel}
            value={text}
            rows={3}
            maxLength={1000}
            error={error}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
          />
          <Button type="submit" loading={reply.isPending} loadingText={messages.supportSendReply}>
            {messages.supportSendReply}
          </Button>
        </form>
      </ModalBody>
    </Modal>
  );
}
