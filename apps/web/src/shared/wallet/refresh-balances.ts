import type { QueryClient } from '@tanstack/react-query';
import { walletKeys } from './wallet-keys';

/**
 * After money moved (a deposit, a trade, a cancel, a swap, a transfer, a stake, or the socket's
 * balance event for any of them): the wallet, its transactions and the dashboard's figures are
 * refetched now, including those no screen shows at the moment. Invalidating only the queries on
 * screen would leave the others to refetch when their page opens, and that page would first show
 * the figures from before: a customer back on the dashboard after a deposit saw "Current value $0.00"
 * until the new figures arrived.
 */
export async function refreshBalances(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: walletKeys.all, refetchType: 'all' }),
    queryClient.invalidateQueries({ queryKey: walletKeys.dashboard, refetchType: 'all' }),
  ]);
}
