import type { WalletTransactionsResponse } from '@exchange/contracts';
import { WALLET_TRANSACTIONS_MAX_LIMIT } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { walletKeys } from '../../wallet/api/wallet-keys';

/**
 * GET /wallet/transactions, the newest first. The history table pages and searches on the client
 * (spec section 2), so it asks for the largest page the server gives.
 */
export function getWalletTransactions(signal?: AbortSignal): Promise<WalletTransactionsResponse> {
  return apiClient.get<WalletTransactionsResponse>('/wallet/transactions', {
    signal,
    query: { limit: WALLET_TRANSACTIONS_MAX_LIMIT },
  });
}

export function useWalletTransactions() {
  return useQuery({
    queryKey: walletKeys.transactions,
    queryFn: ({ signal }) => getWalletTransactions(signal),
    select: (response) => response.data,
  });
}
