import type {
  AddWithdrawalAddressBody,
  WithdrawalAddress,
  WithdrawalAddressListResponse,
  WithdrawalTerms,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** Query keys of coin withdrawals: the terms per coin and chain, and the address book. */
export const coinWithdrawalKeys = {
  terms: (asset: string, chain: string | null) => ['withdrawals', 'terms', asset, chain ?? ''] as const,
  addresses: ['withdrawals', 'addresses'] as const,
};

/**
 * GET /withdrawals/terms?asset=ETH&chain=...: the coin's chains, minimum, fee and available balance.
 * Without a chain the server answers for the coin's first one. A coin that cannot leave is refused
 * ('Withdrawals of this coin are Coming Soon ...').
 */
export function useCoinWithdrawalTerms(asset: string, chain: string | null, enabled: boolean) {
  return useQuery({
    queryKey: coinWithdrawalKeys.terms(asset, chain),
    queryFn: ({ signal }) =>
      apiClient.get<{ data: WithdrawalTerms }>('/withdrawals/terms', {
        signal,
        query: { asset, chain: chain ?? undefined },
      }),
    select: (response) => response.data,
    enabled: enabled && asset !== '',
    retry: false,
  });
}

export interface AddressListQuery {
  readonly page: number;
  readonly limit: number;
  readonly chain?: string;
  readonly search?: string;
}

/** GET /withdrawals/addresses: the customer's address book, one page, filtered and searched on the server. */
export function useWithdrawalAddresses(query: AddressListQuery, enabled = true) {
  return useQuery({
    queryKey: [...coinWithdrawalKeys.addresses, query],
    queryFn: ({ signal }) =>
      apiClient.get<WithdrawalAddressListResponse>('/withdrawals/addresses', {
        signal,
        query: {
          page: query.page,
          limit: query.limit,
          chain: query.chain,
          search: query.search || undefined,
        },
      }),
    select: (response) => ({ rows: response.data.content, total: response.data.total }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /withdrawals/addresses (a two-factor code proves it is the owner adding it). */
export function useAddWithdrawalAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddWithdrawalAddressBody) =>
      apiClient.post<{ message: string; data: WithdrawalAddress }>('/withdrawals/addresses', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coinWithdrawalKeys.addresses }),
  });
}

/** POST /withdrawals/addresses/remove. */
export function useRemoveWithdrawalAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: string) =>
      apiClient.post<{ message: string }>('/withdrawals/addresses/remove', { address_id: addressId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: coinWithdrawalKeys.addresses }),
  });
}
