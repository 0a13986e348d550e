import type { CurrentUserResponse, PublicUser } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/** The signed-in user, as the server sees them now (role and KYC flag included). */
export async function getMe(signal?: AbortSignal): Promise<PublicUser> {
  const response = await apiClient.get<CurrentUserResponse>('/auth/me', { signal });
  return response.data;
}
