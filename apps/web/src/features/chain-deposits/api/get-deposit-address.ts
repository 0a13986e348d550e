import type { DepositAddressRequest, DepositAddressResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { chainDepositKeys } from './chain-deposit-keys';

/**
 * POST /wallet/deposit-address: the caller's own address for a coin on a chain (KYC-verified only).
 * The server gives the same customer the same address for a chain always, so it is read like data and
 * kept for the session; a POST only because the first ask allocates it.
 */
export function useDepositAddress(request: DepositAddressRequest | null) {
  return useQuery({
    queryKey: chainDepositKeys.address(request?.asset ?? '', request?.chain ?? ''),
    queryFn: ({ signal }) =>
      apiClient.post<DepositAddressResponse>('/wallet/deposit-address', request, { signal }),
    select: (response) => response.data,
    enabled: request !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
