import type { MessageEnvelope, SignupRequest } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

export interface SignupResponse extends MessageEnvelope {
  readonly data: { readonly email: string };
}

export function signUp(body: SignupRequest): Promise<SignupResponse> {
  return apiClient.post<SignupResponse>('/auth/signup', body, { refreshOnUnauthorized: false });
}
