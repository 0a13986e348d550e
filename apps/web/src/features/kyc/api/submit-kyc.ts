import type { KycCreateRequest, KycRecord } from '@exchange/contracts';
import { apiClient } from '../../../lib/api-client';

/** POST /kyc/create: records a PENDING submission; only an admin's approval verifies the user. */
export function submitKyc(
  body: KycCreateRequest,
): Promise<{ status: boolean; message: string; data: KycRecord }> {
  return apiClient.post('/kyc/create', body);
}
