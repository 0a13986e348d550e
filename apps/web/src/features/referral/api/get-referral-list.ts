import type { ReferralListResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { referralKeys } from './referral-keys';

/** The newest 100 referrals; the history table pages and searches them on the client (spec section 2). */
export function getReferralList(signal?: AbortSignal): Promise<ReferralListResponse> {
  return apiClient.get<ReferralListResponse>('/referal/getReferralList', { signal, query: { limit: 100 } });
}

export function useReferralList() {
  return useQuery({
    queryKey: referralKeys.list,
    queryFn: ({ signal }) => getReferralList(signal),
    select: (response) => response.data,
    // Earnings change when someone else's KYC is approved: read them afresh on every visit.
    refetchOnMount: 'always',
  });
}
