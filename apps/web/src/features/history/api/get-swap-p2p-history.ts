import { HISTORY_MAX_LIMIT, type P2pHistoryResponse, type SwapHistoryResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * The history tables page and search on the client (spec section 2), so they ask for the largest
 * page the server gives (500, as for the transactions and stakes); the server pages and searches these
 * lists itself for other callers.
 */
const HISTORY_FETCH_LIMIT = HISTORY_MAX_LIMIT;

/** GET /swap/history: swaps and MULTI purchases, newest first. Under 'wallet' so a swap refreshes it. */
export function useSwapHistory() {
  return useQuery({
    queryKey: ['wallet', 'swap-history'],
    queryFn: ({ signal }) =>
      apiClient.get<SwapHistoryResponse>('/swap/history', { signal, query: { limit: HISTORY_FETCH_LIMIT } }),
    select: (response) => response.data,
  });
}

/** GET /p2p/p2phistory: transfers sent and received, newest first. */
export function useP2pHistory() {
  return useQuery({
    queryKey: ['wallet', 'p2p-history'],
    queryFn: ({ signal }) =>
      apiClient.get<P2pHistoryResponse>('/p2p/p2phistory', { signal, query: { limit: HISTORY_FETCH_LIMIT } }),
    select: (response) => response.data,
  });
}
