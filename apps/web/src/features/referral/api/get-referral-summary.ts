import type { ReferralSummaryResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { referralKeys } from './referral-keys';

export function getReferralSummary(signal?: AbortSignal): Promise<ReferralSummaryResponse> {
  return apiClient.get<ReferralSummaryResponse>('/referal/getReferralByUser', { signal });
}

export function useReferralSummary() {
  return useQuery({
    queryKey: referralKeys.summary,
    queryFn: ({ signal }) => getReferralSummary(signal),
    select: (response) => response.data,
    // Earnings change when someone else's KYC is approved: read them afresh on every visit.
    refetchOnMount: 'always',
  });
}
