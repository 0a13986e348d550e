import type { KycGetResponse, KycRecord } from '@exchange/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '../../../lib/api-client';
import { useSession } from '../../session/session-context';
import { kycKeys } from './kyc-keys';

/** GET /kyc/: the caller's latest KYC submission, or null before the first one. */
export function getMyKyc(signal?: AbortSignal): Promise<KycGetResponse> {
  return apiClient.get<KycGetResponse>('/kyc/', { signal });
}

export function useMyKyc(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: kycKeys.mine,
    queryFn: ({ signal }) => getMyKyc(signal),
    select: (response): KycRecord | null => response.data,
    enabled: options.enabled ?? true,
  });
}

/**
 * Where the signed-in user stands with KYC: 'APPROVED' when verified (from the session, no call),
 * otherwise the latest submission's status ('NONE' before one), or null while it loads. Gated
 * screens use it to tell a user whose review is under way apart from one who has not submitted.
 */
export function useKycStatus(): 'NONE' | 'PENDING' | 'APPROVED' | 'REJECTED' | null {
  const session = useSession();
  const needed = session.isAuthenticated && !session.is_kyc_verified;
  const kyc = useMyKyc({ enabled: needed });
  const approvedMeanwhile = needed && kyc.data?.status === 'APPROVED';
  // An admin approved since the session was read: re-read the user so every gate opens.
  useEffect(() => {
    if (approvedMeanwhile) void session.reload();
  }, [approvedMeanwhile, session.reload]);
  if (session.is_kyc_verified) return 'APPROVED';
  if (!needed || kyc.isPending) return null;
  if (kyc.isError) return 'NONE';
  return kyc.data?.status ?? 'NONE';
}
