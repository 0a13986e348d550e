import type { MessageEnvelope, ResetPasswordRequest } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

export function resetPassword(body: ResetPasswordRequest): Promise<MessageEnvelope> {
  return apiClient.post<MessageEnvelope>('/auth/password/reset', body, { refreshOnUnauthorized: false });
}
