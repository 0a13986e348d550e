import { messages as m, type SupportTicket, type SupportTicketStatus } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { recordAdminAction } from '../audit/record-admin-action';
import * as repo from './support.repository';
import { toTicketView } from './ticket-view';

/**
 * An administrator moves a ticket to another status (closes it, or opens it again) without answering.
 * The change and its audit line commit together; the old status is kept in the audit line.
 */
export async function changeTicketStatus(
  ctx: AppContext,
  adminId: string,
  input: { readonly ticketId: string; readonly status: SupportTicketStatus },
): Promise<SupportTicket> {
  return ctx.db.transaction(async (tx) => {
    const change = await repo.setTicketStatus(tx, { ...input, now: ctx.clock.now() });
    if (!change) throw new AppError('not_found', m.supportTicketNotFound);
    const { row, previous } = change;
    await recordAdminAction(tx, {
      adminId,
      action: 'SUPPORT_STATUS_CHANGED',
      targetUserId: row.userId,
      details: { ticket_id: row.id, from: previous, status: row.status },
    });
    const author = await repo.findUserContact(tx, row.userId);
    return toTicketView(row, author?.name ?? '');
  });
}
