import type { WalletTransactionsResponse } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { walletKeys } from '../../../shared/wallet/wallet-keys';
import { type HistoryPageQuery, historyQueryString, toHistoryPage } from './history-page-query';

/** GET /wallet/transactions: one page of the wallet's movements, newest first, searched on the server. */
export function getWalletTransactions(
  query: HistoryPageQuery,
  signal?: AbortSignal,
): Promise<WalletTransactionsResponse> {
  return apiClient.get<WalletTransactionsResponse>('/wallet/transactions', {
    signal,
    query: historyQueryString(query),
  });
}

/** The page the Transactions tab shows; the previous page stays on screen while the next one loads. */
export function useWalletTransactions(query: HistoryPageQuery) {
  return useQuery({
    queryKey: [...walletKeys.transactions, query.page, query.search],
    queryFn: ({ signal }) => getWalletTransactions(query, signal),
    select: toHistoryPage,
    placeholderData: keepPreviousData,
  });
}
