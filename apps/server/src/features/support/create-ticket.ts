import type { SupportCreateRequest, SupportTicket } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import * as repo from './support.repository';
import { toTicketView } from './ticket-view';

/** Opens a ticket for the signed-in user; it waits as PENDING until an administrator answers. */
export async function createTicket(
  ctx: AppContext,
  userId: string,
  input: Required<SupportCreateRequest>,
): Promise<SupportTicket> {
  const row = await repo.insertTicket(ctx.db, { userId, ...input, now: ctx.clock.now() });
  const user = await repo.findUserContact(ctx.db, userId);
  return toTicketView(row, user?.name ?? '');
}
