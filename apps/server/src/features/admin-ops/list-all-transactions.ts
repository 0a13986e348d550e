import type { AdminTransaction, AdminTransactionListQuery } from '@exchange/contracts';
import type { AppContext } from '../../platform/app-context';
import { usablePrice } from '../ledger/wallet-valuation';
import { adminTransactionView, type PriceOf } from './admin-ops-view';
import { listAdminTransactions } from './admin-transactions.repository';

/** Today's usable reference prices, for the USD value the Transactions screen shows beside each amount. */
export function pricesNow(ctx: Pick<AppContext, 'prices' | 'clock' | 'config'>): PriceOf {
  return (asset) => usablePrice(ctx, asset);
}

/**
 * Every customer's movements for the back office's Transactions screen, a page at a time, with its
 * filters and sort, each valued in USD at today's prices.
 */
export async function listAllTransactions(
  ctx: AppContext,
  query: AdminTransactionListQuery,
): Promise<{ content: AdminTransaction[]; total: number }> {
  const { rows, total } = await listAdminTransactions(ctx.db, query);
  const priceOf = pricesNow(ctx);
  return { content: rows.map((row) => adminTransactionView(row, priceOf)), total };
}
