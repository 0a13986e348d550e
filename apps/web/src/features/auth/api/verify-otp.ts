import type { MessageEnvelope, OtpVerifyRequest } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

export function verifyOtp(body: OtpVerifyRequest): Promise<MessageEnvelope> {
  return apiClient.post<MessageEnvelope>('/otp/verify', body, { refreshOnUnauthorized: false });
}
