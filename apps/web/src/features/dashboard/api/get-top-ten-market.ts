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
    // Its own key: the landing page caches the same endpoint unwrapped under ['market', 'top-ten'],
    // and sharing that entry crashed the dashboard for a visitor who logged in from the landing page.
    queryKey: ['dashboard', 'top-ten'],
    queryFn: ({ signal }) => getTopTenMarket(signal),
    select: (response) => response.data,
    refetchInterval: TOP_MARKETS_REFRESH_MS,
    staleTime: TOP_MARKETS_REFRESH_MS,
  });
}
