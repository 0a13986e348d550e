import type { TotpStatusResponse } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';

export const twoFactorStatusKey = ['two-factor-status'] as const;

/**
 * POST /auth/2fa/status: whether the signed-in user has two-factor sign-in on, and how many recovery
 * codes are left. The Security page and the password change form (which then asks for a code) read it.
 */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorStatusKey,
    queryFn: ({ signal }) => apiClient.post<TotpStatusResponse>('/auth/2fa/status', {}, { signal }),
    select: (response) => response.data,
  });
}
