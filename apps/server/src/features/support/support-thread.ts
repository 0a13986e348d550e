import { messages as m, type SupportThread } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import * as repo from './support-thread.repository';
import { toTicketView } from './ticket-view';

/**
 * A ticket and its replies in order: the customer's own (`ownerId`; another's is not found, so no
 * one learns which ids exist), or any ticket for an admin.
 */
export async function getThread(
  ctx: Pick<AppContext, 'db'>,
  ticketId: string,
  ownerId?: string,
): Promise<SupportThread> {
  const found = await repo.findTicket(ctx.db, ticketId, ownerId);
  if (!found) throw new AppError('not_found', m.supportTicketNotFound);
  const replies = await repo.listReplies(ctx.db, ticketId);
  return {
    ticket: toTicketView(found.ticket, found.authorName),
    replies: replies.map(({ reply, authorName }) => ({
      _id: reply.id,
      from_team: reply.fromTeam,
      author: { name: authorName },
      body: reply.body,
      createdAt: reply.createdAt.toISOString(),
    })),
  };
}

/**
 * The customer writes in their own ticket's thread: the reply is saved and the ticket goes back to
 * the team (PENDING), in one transaction. A closed ticket takes replies too and reopens: the
 * customer is never left without a way to answer.
 */
export async function replyAsCustomer(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  input: { ticketId: string; message: string },
): Promise<SupportThread> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const found = await repo.findTicket(tx, input.ticketId, userId);
    if (!found) throw new AppError('not_found', m.supportTicketNotFound);
    await repo.insertReply(tx, {
      ticketId: input.ticketId,
      authorId: userId,
      fromTeam: false,
      body: input.message,
      now,
    });
    await repo.reopenForTeam(tx, input.ticketId, now);
  });
  return getThread(ctx, input.ticketId, userId);
}
