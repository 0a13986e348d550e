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

/** Under `wallet`, so the balance refresh after money moved refetches the withdrawal lists too. */
export const withdrawalKeys = {
  terms: (asset: string) => ['withdrawals', 'terms', asset] as const,
  mine: [...walletKeys.all, 'withdrawals'] as const,
};

/** GET /withdrawals/terms: where the money goes, the minimum, the fee and the available balance. */
export function useWithdrawalTerms(asset: string, enabled: boolean) {
  return useQuery({
    queryKey: withdrawalKeys.terms(asset),
    queryFn: ({ signal }) =>
      apiClient.get<{ data: WithdrawalTerms }>('/withdrawals/terms', { signal, query: { asset } }),
    select: (response) => response.data,
    enabled,
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
