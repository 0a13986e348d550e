import type {
  CreateStakeRequest,
  StakeActionResponse,
  StakeOptionsResponse,
  StakesResponse,
  StakeWalletResponse,
} from '@exchange/contracts';
import { STAKES_MAX_LIMIT } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

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

/** GET /stake/user/all, newest first; the history table pages and searches on the client. */
export function useUserStakes(enabled: boolean) {
  return useQuery({
    queryKey: stakeKeys.list,
    queryFn: ({ signal }) =>
      apiClient.get<StakesResponse>('/stake/user/all', { signal, query: { limit: STAKES_MAX_LIMIT } }),
    select: (response) => response.data,
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
  userId: string | undefined,
  idempotencyKey: string,
): Promise<StakeActionResponse> {
  return apiClient.post<StakeActionResponse>(
    `/stake/${action}`,
    { stake_id: stakeId, user_id: userId ?? null },
    { idempotencyKey },
  );
}
