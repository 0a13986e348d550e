import type { AdminListQuery, AdminTransaction } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { listTransactions } from './admin-lists.repository';
import { adminTransactionView } from './admin-ops-view';

/** Every user's wallet transactions for the back office, a page at a time. */
export async function listAllTransactions(
  ctx: AppContext,
  query: AdminListQuery,
): Promise<{ content: AdminTransaction[]; total: number }> {
  const { rows, total } = await listTransactions(ctx.db, query);
  return { content: rows.map(adminTransactionView), total };
}
