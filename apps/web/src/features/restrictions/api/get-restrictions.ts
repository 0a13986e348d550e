import type { AccountRestrictionsResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export const restrictionKeys = { mine: ['account-restrictions'] as const };

/** GET /wallet/restrictions: what keeps the signed-in user's value from moving (an open debt, a hold). */
export function useAccountRestrictions() {
  return useQuery({
    queryKey: restrictionKeys.mine,
    queryFn: ({ signal }) => apiClient.get<AccountRestrictionsResponse>('/wallet/restrictions', { signal }),
    select: (response) => response.data,
    staleTime: 30_000,
  });
}
