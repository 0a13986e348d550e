import type { ReferralListResponse } from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '../../../components/ui/data-table';
import { apiClient } from '../../../lib/api-client';
import { referralKeys } from './referral-keys';

/** A page of the user's referrals, newest first, searched (referred name, status) on the server. */
export interface ReferralListQuery {
  readonly page: number;
  readonly search: string;
}

export function getReferralList(
  query: ReferralListQuery,
  signal?: AbortSignal,
): Promise<ReferralListResponse> {
  return apiClient.get<ReferralListResponse>('/referal/getReferralList', {
    signal,
    query: { page: query.page, limit: DEFAULT_PAGE_SIZE, search: query.search || undefined },
  });
}

/** The page the history table shows and the server's total; the previous page stays while the next loads. */
export function useReferralList(query: ReferralListQuery) {
  return useQuery({
    queryKey: [...referralKeys.list, query.page, query.search],
    queryFn: ({ signal }) => getReferralList(query, signal),
    select: (response) => ({ rows: response.data, total: response.total }),
    placeholderData: keepPreviousData,
    // Earnings change when someone else's KYC is approved: read them afresh on every visit.
    refetchOnMount: 'always',
  });
}
