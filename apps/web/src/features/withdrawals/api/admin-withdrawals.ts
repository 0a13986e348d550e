import type {
  AdminWithdrawalListRequest,
  AdminWithdrawalListResponse,
  HotWalletResponse,
  WithdrawalResponse,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

const adminWithdrawalKeys = {
  all: ['admin-withdrawals'] as const,
  hotWallet: ['admin-withdrawals', 'hot-wallet'] as const,
};

/** POST /admin/withdrawals: every customer's, paged, searched and filtered by status on the server. */
export function useAdminWithdrawals(body: AdminWithdrawalListRequest) {
  return useQuery({
    queryKey: [...adminWithdrawalKeys.all, body],
    queryFn: ({ signal }) =>
      apiClient.post<AdminWithdrawalListResponse>('/admin/withdrawals', body, { signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/withdrawals/approve, or /reject with the reason the customer is told. */
export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; approve: boolean; reason?: string }) =>
      input.approve
        ? apiClient.post<WithdrawalResponse>('/admin/withdrawals/approve', { withdrawal_id: input.id })
        : apiClient.post<WithdrawalResponse>('/admin/withdrawals/reject', {
            withdrawal_id: input.id,
            reason: input.reason ?? '',
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminWithdrawalKeys.all }),
  });
}

/** GET /admin/hot-wallet: each chain's hot wallet, what it holds per coin and what approved withdrawals need. */
export function useHotWallet() {
  return useQuery({
    queryKey: adminWithdrawalKeys.hotWallet,
    queryFn: ({ signal }) => apiClient.get<HotWalletResponse>('/admin/hot-wallet', { signal }),
    select: (response) => response.data.content,
    retry: false,
  });
}

/**
 * GET /admin/hot-wallet's stuck chain transactions (issue 43): what a node refused, kept with its nonce
 * and not refunded until it or its cancel is mined. The same query as useHotWallet, another selection.
 */
export function useStuckChainTxs() {
  return useQuery({
    queryKey: adminWithdrawalKeys.hotWallet,
    queryFn: ({ signal }) => apiClient.get<HotWalletResponse>('/admin/hot-wallet', { signal }),
    select: (response) => response.data.stuck ?? [],
    retry: false,
  });
}
