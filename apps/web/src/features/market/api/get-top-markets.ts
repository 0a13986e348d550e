import type { TopMarketItem, TopTenMarketResponse } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

export const topMarketsQueryKey = ['market', 'top-ten'] as const;

/** GET /p2p/getTopTenMarket: the ten supported coins with their newest price and 24 h change. */
export async function getTopMarkets(signal?: AbortSignal): Promise<TopMarketItem[]> {
  const response = await apiClient.get<TopTenMarketResponse>('/p2p/getTopTenMarket', { signal });
  return response.data ?? [];
}
