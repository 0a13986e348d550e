import type {
  CreateStakeRequest,
  StakeActionResponse,
  StakeOptionsResponse,
  StakesResponse,
  StakeWalletResponse,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { afterMoneyMoved } from '../../../shared/wallet/after-money-moved';

/** Query keys of staking: options, and the user's stakes (under 'stake' so one invalidation does both). */
export const stakeKeys = {
  all: ['stake'] as const,
  options: ['stake', 'options'] as const,
  list: ['stake', 'list'] as const,
};

/** GET /stake/options: every token with its duration variants. KYC-verified users only (else 403). */
export function useStakeOptions(enabled: boolean) {
  return useQuery({
    queryKey: stakeKeys.options,
    queryFn: ({ signal }) => apiClient.get<StakeOptionsResponse>('/stake/options', { signal }),
    select: (response) => response.data,
    enabled,
  });
}

/**
 * GET /stake/user/all, newest first: the page the history table shows, searched (coin, status) and
 * counted on the server; the previous page stays on screen while the next one loads.
 */
export function useUserStakes(enabled: boolean, query: { page: number; limit: number; search: string }) {
  return useQuery({
    queryKey: [...stakeKeys.list, query.page, query.limit, query.search],
    queryFn: ({ signal }) =>
      apiClient.get<StakesResponse>('/stake/user/all', {
        signal,
        query: { page: query.page, limit: query.limit, search: query.search || undefined },
      }),
    select: (response) => ({ rows: response.data, total: response.total }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /stake/create; one idempotency key per confirmed stake. */
export function createStake(body: CreateStakeRequest, idempotencyKey: string): Promise<StakeWalletResponse> {
  return apiClient.post<StakeWalletResponse>('/stake/create', body, { idempotencyKey });
}

/** POST /stake/close or /stake/re-stake for a matured ACTIVE stake. */
export function stakeAction(
  action: 'close' | 're-stake',
  stakeId: string,
  idempotencyKey: string,
): Promise<StakeActionResponse> {
  // The stake must be the signed-in user's: the server acts for the session, so no user id is sent.
  return apiClient.post<StakeActionResponse>(`/stake/${action}`, { stake_id: stakeId }, { idempotencyKey });
}

export interface CreateStakeVariables {
  readonly body: CreateStakeRequest;
  readonly idempotencyKey: string;
}

/** Locks an amount in a stake; on success the wallet is stored, the balances and the stakes refetched. */
export function useCreateStake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: CreateStakeVariables) => createStake(body, idempotencyKey),
    onSuccess: (response) => {
      void afterMoneyMoved(queryClient, response);
      void queryClient.invalidateQueries({ queryKey: stakeKeys.all });
    },
  });
}

export interface StakeActionVariables {
  readonly action: 'close' | 're-stake';
  readonly stakeId: string;
  readonly idempotencyKey: string;
}

/**
 * Closes a matured stake (its payout returns to the wallet) or stakes it again; on success the wallet
 * is stored, the balances and the stakes refetched.
 */
export function useStakeAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, stakeId, idempotencyKey }: StakeActionVariables) =>
      stakeAction(action, stakeId, idempotencyKey),
    onSuccess: (response) => {
      void afterMoneyMoved(queryClient, response);
      void queryClient.invalidateQueries({ queryKey: stakeKeys.all });
    },
  });
}
