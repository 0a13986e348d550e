import type { SupportTicket } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import * as repo from './support.repository';
import { toTicketView } from './ticket-view';

/** The signed-in user's own tickets, newest first, a page at a time. Nobody else's ever appear. */
export async function listUserTickets(
  ctx: AppContext,
  userId: string,
  query: { page: number; limit: number; search?: string },
): Promise<{ items: SupportTicket[]; total: number }> {
  const { rows, total } = await repo.listUserTickets(ctx.db, userId, query);
  const user = await repo.findUserContact(ctx.db, userId);
  return { items: rows.map((row) => toTicketView(row, user?.name ?? '')), total };
}
