import type {
  MessageEnvelope,
  TotpConfirmResponse,
  TotpDisableRequest,
  TotpEnrolResponse,
} from '@exchange/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { twoFactorStatusKey as statusKey } from '../../../shared/two-factor/use-two-factor-status';

export { useTwoFactorStatus } from '../../../shared/two-factor/use-two-factor-status';

/** POST /auth/2fa/enrol: a new secret with its QR code, not in force until confirmed. */
export function useStartTwoFactorEnrolment() {
  return useMutation({ mutationFn: () => apiClient.post<TotpEnrolResponse>('/auth/2fa/enrol', {}) });
}

/** POST /auth/2fa/confirm: turns two-factor sign-in on with a code from the app; answers the recovery codes. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiClient.post<TotpConfirmResponse>('/auth/2fa/confirm', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}

/** POST /auth/2fa/disable: turns two-factor sign-in off with a code (authenticator or recovery). */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TotpDisableRequest) => apiClient.post<MessageEnvelope>('/auth/2fa/disable', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey }),
  });
}
