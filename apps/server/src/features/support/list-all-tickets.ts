import type { AdminSupportListQuery, AdminSupportTicket } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { userCard } from '../../platform/user-card';
import * as repo from './support.repository';
import { toTicketView } from './ticket-view';

/** Every user's tickets for the back office, with who raised each, a page at a time. */
export async function listAllTickets(
  ctx: AppContext,
  query: AdminSupportListQuery,
): Promise<{ content: AdminSupportTicket[]; total: number }> {
  const { rows, total } = await repo.listAllTickets(ctx.db, query);
  const content = rows.map(({ ticket, user }) => {
    const { profile_pic, ...userdata } = userCard(user);
    return { ...toTicketView(ticket, user.name), user_id: ticket.userId, userdata, profile_pic };
  });
  return { content, total };
}
