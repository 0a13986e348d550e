import type {
  AdminKycDetailResponse,
  AdminKycListResponse,
  AdminVerifyKycRequest,
  AdminVerifyKycResponse,
} from '@exchange/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { kycKeys } from './kyc-keys';

export const ADMIN_KYC_PAGE_SIZE = 10;

/**
 * POST /admin/get-all-kyc: one page of submissions, searched, filtered by status and sorted on the
 * server (`query`: the list's sort, order and status; the screen asks the PENDING queue oldest first).
 */
export function useAdminKycList(page: number, search: string, query: Readonly<Record<string, string>> = {}) {
  return useQuery({
    queryKey: kycKeys.adminList(page, search, JSON.stringify(query)),
    queryFn: ({ signal }) =>
      apiClient.post<AdminKycListResponse>(
        '/admin/get-all-kyc',
        { page, limit: ADMIN_KYC_PAGE_SIZE, search, ...query },
        { signal },
      ),
    select: (response) => response.data.data,
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/get-kyc {kycId}: one submission with its user. */
export function useAdminKyc(kycId: string | undefined) {
  return useQuery({
    queryKey: kycKeys.adminDetail(kycId ?? ''),
    queryFn: ({ signal }) => apiClient.post<AdminKycDetailResponse>('/admin/get-kyc', { kycId }, { signal }),
    select: (response) => response.data.data,
    enabled: Boolean(kycId),
  });
}

/** POST /admin/verify-kyc: approves, or rejects with a reason; a submission is decided once. */
export function verifyKyc(body: AdminVerifyKycRequest): Promise<AdminVerifyKycResponse> {
  return apiClient.post<AdminVerifyKycResponse>('/admin/verify-kyc', body);
}
