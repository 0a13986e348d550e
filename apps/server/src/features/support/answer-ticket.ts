import { messages as m, type SupportTicket, type SupportTicketStatus } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { recordAdminAction } from '../audit/record-admin-action';
import * as repo from './support.repository';
import { insertReply } from './support-thread.repository';
import { toTicketView } from './ticket-view';

export interface AnswerTicketInput {
  readonly ticketId: string;
  readonly answer: string;
  readonly status: SupportTicketStatus;
}

/**
 * An administrator answers a ticket: the answer and the new status are saved and the admin audit log
 * records it in one transaction; the author is e-mailed once that committed, so no mail goes out
 * about an answer that was rolled back, nor twice when the transaction is retried after a deadlock.
 * The answer is saved by then: a mail failure is logged, never turned into a failed answer.
 */
export async function answerTicket(
  ctx: AppContext,
  adminId: string,
  input: AnswerTicketInput,
): Promise<SupportTicket> {
  const { row, author } = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const row = await repo.answerTicket(tx, { ...input, adminId, now });
    if (!row) throw new AppError('not_found', m.supportTicketNotFound);
    // The answer is the team's reply in the ticket's thread too (issue 46 point 7).
    await insertReply(tx, { ticketId: row.id, authorId: adminId, fromTeam: true, body: input.answer, now });
    await recordAdminAction(tx, {
      adminId,
      action: 'SUPPORT_ANSWERED',
      targetUserId: row.userId,
      details: { ticket_id: row.id, status: row.status },
    });
    const author = await repo.findUserContact(tx, row.userId);
    if (!author) throw new Error(`ticket ${row.id} has no author`);
    return { row, author };
  });
  try {
    await ctx.mailer.send({
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
    });
  } catch (error) {
    ctx.logger.error({ err: error, ticketId: row.id }, 'support answer mail failed');
  }
  return toTicketView(row, author.name);
}
