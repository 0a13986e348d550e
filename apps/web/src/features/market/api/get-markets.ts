import type { MarketListResponse, MarketRow } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { marketKeys } from './market-keys';

export async function getMarkets(signal?: AbortSignal): Promise<MarketRow[]> {
  const response = await apiClient.get<MarketListResponse>('/market/', { signal });
  return response.data;
}

/** Market rules change only with a deploy: read them once per session. */
export function useMarkets() {
  return useQuery({
    queryKey: marketKeys.markets,
    queryFn: ({ signal }) => getMarkets(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
