import type { TopTenMarketResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Prices move; the list is read again this often while the dashboard is open. */
export const TOP_MARKETS_REFRESH_MS = 30_000;

/** GET /p2p/getTopTenMarket: the top coins with their last price and 24 h change. */
export function getTopTenMarket(signal?: AbortSignal): Promise<TopTenMarketResponse> {
  return apiClient.get<TopTenMarketResponse>('/p2p/getTopTenMarket', { signal });
}

export function useTopTenMarket() {
  return useQuery({
    // Not the landing table's ['market', 'top-ten']: that one caches the bare list, this one the
    // envelope, and sharing the key crashed the dashboard right after logging in from the landing page.
    queryKey: ['market', 'top-ten', 'dashboard'],
    queryFn: ({ signal }) => getTopTenMarket(signal),
    select: (response) => response.data,
    refetchInterval: TOP_MARKETS_REFRESH_MS,
    staleTime: TOP_MARKETS_REFRESH_MS,
  });
}
