import type { UpdateProfileRequest, UpdateProfileResponse } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

export function updateProfile(body: UpdateProfileRequest): Promise<UpdateProfileResponse> {
  return apiClient.post<UpdateProfileResponse>('/auth/profile/updateProfile', body);
}
