import type { UploadResponse } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/** POST /upload/image/kyc-doc (multipart kyc_doc_image, type=KYC_DOC): answers the stored name. */
export async function uploadKycImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('type', 'KYC_DOC');
  form.append('kyc_doc_image', file);
  const response = await apiClient.post<UploadResponse>('/upload/image/kyc-doc', form);
  return response.data.file.filename;
}
