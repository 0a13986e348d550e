import type { MessageEnvelope, TotpEnrolResponse, TotpStatusResponse } from '@exchange/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

const statusKey = ['admin-totp-status'] as const;

/** POST /auth/2fa/status: whether the signed-in admin has two-factor sign-in on. */
export function useTotpStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => apiClient.post<TotpStatusResponse>('/auth/2fa/status', {}, { signal }),
    select: (response) => response.data.enabled,
  });
}

/** POST /auth/2fa/enrol: a new secret with its QR code, not in force until confirmed. */
export function useStartTotpEnrolment() {
  return useMutation({ mutationFn: () => apiClient.post<TotpEnrolResponse>('/auth/2fa/enrol', {}) });
}

/** POST /auth/2fa/confirm: turns two-factor sign-in on with a code from the app. */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiClient.post<MessageEnvelope>('/auth/2fa/confirm', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}
