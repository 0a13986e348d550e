import type {
  AddWithdrawalAddressBody,
  WithdrawalAddress,
  WithdrawalAddressListResponse,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { withdrawalKeys } from './withdrawals';

export interface AddressListQuery {
  readonly page: number;
  readonly limit: number;
  readonly chain?: string;
  readonly search?: string;
}

/** GET /withdrawals/addresses: the customer's address book, one page, filtered and searched on the server. */
export function useWithdrawalAddresses(query: AddressListQuery, enabled = true) {
  return useQuery({
    queryKey: [...withdrawalKeys.addresses, query],
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.addresses }),
  });
}

/** POST /withdrawals/addresses/remove. */
export function useRemoveWithdrawalAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: string) =>
      apiClient.post<{ message: string }>('/withdrawals/addresses/remove', { address_id: addressId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.addresses }),
  });
}
