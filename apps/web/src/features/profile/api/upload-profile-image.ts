import type { UploadResponse } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/** POST /upload/image/profile-image with profile_image and type=PROFILE_IMAGE (spec section 7). */
export function uploadProfileImage(file: File): Promise<UploadResponse> {
  const form = new FormData();
  form.append('type', 'PROFILE_IMAGE');
  form.append('profile_image', file);
  return apiClient.post<UploadResponse>('/upload/image/profile-image', form);
}
