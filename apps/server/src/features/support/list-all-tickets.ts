import type { AdminSupportTicket } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { profilePicUrl } from '../auth/public-user';
import * as repo from './support.repository';
import { toTicketView } from './ticket-view';

/** Every user's tickets for the back office, with who raised each, a page at a time. */
export async function listAllTickets(
  ctx: AppContext,
  query: { page: number; limit: number; search?: string; orderBy: 'createdAt' | '-createdAt' },
): Promise<{ content: AdminSupportTicket[]; total: number }> {
  const { rows, total } = await repo.listAllTickets(ctx.db, query);
  const content = rows.map(({ ticket, user }) => ({
    ...toTicketView(ticket, user.name),
    user_id: ticket.userId,
    userdata: {
      name: user.name,
      email: user.email,
      country_code: user.countryCode,
      mobile_no: user.mobileNo,
    },
    profile_pic: profilePicUrl(user.profilePic),
  }));
  return { content, total };
}
