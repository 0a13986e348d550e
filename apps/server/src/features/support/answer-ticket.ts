import { messages as m, type SupportTicket, type SupportTicketStatus } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { recordAdminAction } from '../audit/record-admin-action';
import * as repo from './support.repository';
import { toTicketView } from './ticket-view';

export interface AnswerTicketInput {
  readonly ticketId: string;
  readonly answer: string;
  readonly status: SupportTicketStatus;
}

/**
 * An administrator answers a ticket: the answer and the new status are saved, the admin audit log
 * records it and the author is e-mailed, in one transaction, so the outbox never holds mail about an answer that was rolled back.
 */
export async function answerTicket(
  ctx: AppContext,
  adminId: string,
  input: AnswerTicketInput,
): Promise<SupportTicket> {
  return ctx.db.transaction(async (tx) => {
    const row = await repo.answerTicket(tx, { ...input, adminId, now: ctx.clock.now() });
    if (!row) throw new AppError('not_found', m.supportTicketNotFound);
    await recordAdminAction(tx, {
      adminId,
      action: 'SUPPORT_ANSWERED',
      targetUserId: row.userId,
      details: { ticket_id: row.id, status: row.status },
    });
    const author = await repo.findUserContact(tx, row.userId);
    if (!author) throw new Error(`ticket ${row.id} has no author`);
    await ctx.mailer.send(
      {
        to: author.email,
        subject: m.supportAnswerMailSubject,
        text: [
          `Hello ${author.name},`,
          '',
          `Your ticket "${row.subject}" was answered:`,
          '',
          input.answer,
          '',
          `Status: ${row.status === 'INACTIVE' ? 'PENDING' : row.status}`,
        ].join('\n'),
      },
      tx,
    );
    return toTicketView(row, author.name);
  });
}
