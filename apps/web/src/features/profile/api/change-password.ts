import type { ChangePasswordRequest, MessageEnvelope } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

export function changePassword(body: ChangePasswordRequest): Promise<MessageEnvelope> {
  return apiClient.post<MessageEnvelope>('/auth/password/change', body);
}
