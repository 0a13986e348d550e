import type { QueryClient } from '@tanstack/react-query';
import { getWallet } from '../../../shared/wallet/get-wallet';
import { walletKeys } from '../../../shared/wallet/wallet-keys';
import { getTopMarkets, topMarketsQueryKey } from '../../market/api/get-top-markets';
import { getDashboard } from './get-dashboard';

/**
 * Starts the dashboard's reads (its figures, the wallet, the top coins) under the keys its widgets
 * read, so a first visit to /dashboard renders them without waiting for the page to ask.
 */
export function prefetchDashboard(queryClient: QueryClient): void {
  void queryClient.prefetchQuery({
    queryKey: walletKeys.dashboard,
    queryFn: ({ signal }) => getDashboard(signal),
  });
  void queryClient.prefetchQuery({ queryKey: walletKeys.wallet, queryFn: ({ signal }) => getWallet(signal) });
  void queryClient.prefetchQuery({
    queryKey: topMarketsQueryKey,
    queryFn: ({ signal }) => getTopMarkets(signal),
  });
}
