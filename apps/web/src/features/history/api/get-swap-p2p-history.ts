import type { P2pHistoryResponse, SwapHistoryResponse } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { type HistoryPageQuery, historyQueryString, toHistoryPage } from './history-page-query';

/**
 * GET /swap/history: a page of swaps and MULTI purchases, newest first, searched by coin code on the
 * server. Under 'wallet' so a swap refreshes it.
 */
export function useSwapHistory(query: HistoryPageQuery) {
  return useQuery({
    queryKey: ['wallet', 'swap-history', query.page, query.search],
    queryFn: ({ signal }) =>
      apiClient.get<SwapHistoryResponse>('/swap/history', { signal, query: historyQueryString(query) }),
    select: toHistoryPage,
    placeholderData: keepPreviousData,
  });
}

/** GET /p2p/p2phistory: a page of transfers sent and received, newest first, searched on the server. */
export function useP2pHistory(query: HistoryPageQuery) {
  return useQuery({
    queryKey: ['wallet', 'p2p-history', query.page, query.search],
    queryFn: ({ signal }) =>
      apiClient.get<P2pHistoryResponse>('/p2p/p2phistory', { signal, query: historyQueryString(query) }),
    select: toHistoryPage,
    placeholderData: keepPreviousData,
  });
}
