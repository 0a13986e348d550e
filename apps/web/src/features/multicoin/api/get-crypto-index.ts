import type { CryptoIndexResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** GET /crypto-index: the USD price of MULTI, the platform coin index; refreshed every 15 s. */
export function useCryptoIndex() {
  return useQuery({
    queryKey: ['market', 'crypto-index'],
    queryFn: ({ signal }) => apiClient.get<CryptoIndexResponse>('/crypto-index', { signal }),
    select: (response) => response.data.price,
    refetchInterval: 15_000,
    retry: false,
  });
}
