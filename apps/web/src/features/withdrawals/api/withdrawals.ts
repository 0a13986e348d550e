import type {
  RequestWithdrawalBody,
  WithdrawalListResponse,
  WithdrawalResponse,
  WithdrawalTerms,
} from '@exchange/contracts';
import { isFinalWithdrawalStatus } from '@exchange/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../../components/ui/data-table';
import { apiClient, newIdempotencyKey } from '../../../lib/api-client';
import { refreshBalances } from '../../../shared/wallet/refresh-balances';
import { walletKeys } from '../../../shared/wallet/wallet-keys';

/**
 * The withdrawals' query keys: the terms per asset and chain, the customer's own list (under
 * `wallet`, so the balance refresh after money moved refetches it too) and the address book.
 */
export const withdrawalKeys = {
  terms: (asset: string, chain: string | null) => ['withdrawals', 'terms', asset, chain ?? ''] as const,
  mine: [...walletKeys.all, 'withdrawals'] as const,
  addresses: ['withdrawals', 'addresses'] as const,
};

/**
 * GET /withdrawals/terms?asset=USD, or ?asset=ETH&chain=...: where the money goes, the chains a coin
 * can leave on, the minimum, the fee, the decimals an amount may have and the available balance.
 * Without a chain the server answers for the coin's first one. A coin that cannot leave is refused
 * ('Withdrawals of this coin are Coming Soon ...'): a 4xx, so it is not retried.
 */
export function useWithdrawalTerms(asset: string, chain: string | null, enabled: boolean) {
  return useQuery({
    queryKey: withdrawalKeys.terms(asset, chain),
    queryFn: ({ signal }) =>
      apiClient.get<{ data: WithdrawalTerms }>('/withdrawals/terms', {
        signal,
        query: { asset, chain: chain ?? undefined },
      }),
    select: (response) => response.data,
    enabled: enabled && asset !== '',
  });
}

/** POST /withdrawals: holds the amount and mails the confirmation code; one Idempotency-Key per try. */
export function requestWithdrawal(body: RequestWithdrawalBody): Promise<WithdrawalResponse> {
  return apiClient.post<WithdrawalResponse>('/withdrawals', body, { idempotencyKey: newIdempotencyKey() });
}

/** POST /withdrawals/confirm with the mailed code, then the balances are refetched. */
export function useConfirmWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { withdrawal_id: string; code: string }) =>
      apiClient.post<WithdrawalResponse>('/withdrawals/confirm', body),
    onSettled: () => refreshBalances(queryClient),
  });
}

/** POST /withdrawals/cancel: the amount goes back to the wallet. */
export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (withdrawalId: string) =>
      apiClient.post<WithdrawalResponse>('/withdrawals/cancel', { withdrawal_id: withdrawalId }),
    onSettled: () => refreshBalances(queryClient),
  });
}

/** While a listed withdrawal is still on its way, the list is read again this often. */
export const WITHDRAWALS_IN_FLIGHT_POLL_MS = 5_000;

/**
 * GET /withdrawals: the customer's own, newest first, one page as the server pages them. While one
 * of them is on its way (waiting, approved, sent) the page reads itself again, so the customer sees
 * it complete, with its transaction, without reloading.
 */
export function useMyWithdrawals(page: number) {
  return useQuery({
    queryKey: [...withdrawalKeys.mine, page],
    queryFn: ({ signal }) =>
      apiClient.get<WithdrawalListResponse>('/withdrawals', {
        signal,
        query: { page, limit: DEFAULT_PAGE_SIZE },
      }),
    select: (response) => ({ rows: response.data.content, total: response.data.total }),
    placeholderData: keepPreviousData,
    refetchInterval: (query: { state: { data?: WithdrawalListResponse } }) =>
      query.state.data?.data.content.some((row) => !isFinalWithdrawalStatus(row.status))
        ? WITHDRAWALS_IN_FLIGHT_POLL_MS
        : false,
  });
}
