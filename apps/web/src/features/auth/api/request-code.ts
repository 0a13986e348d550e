import type { ForgetPasswordRequest, MessageEnvelope } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/**
 * Mails a code: a password-reset code (the forgot screen) or, with type EMAIL_VERIFY, a new sign-up
 * verification code (the OTP screen's resend and the unverified login).
 */
export function requestCode(body: ForgetPasswordRequest): Promise<MessageEnvelope> {
  return apiClient.post<MessageEnvelope>('/auth/password/forget', body, { refreshOnUnauthorized: false });
}
