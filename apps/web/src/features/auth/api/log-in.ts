import type { LoginRequest, LoginResponse } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/** A 401 here means a wrong e-mail or password, so it must not trigger a token refresh. */
export function logIn(body: LoginRequest): Promise<LoginResponse> {
  return apiClient.post<LoginResponse>('/auth/login', body, { refreshOnUnauthorized: false });
}
