import { useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '../../../lib/api-client';

/**
 * POST /admin/access: whether the back office opens for this sign-in now. In production an admin
 * without two-factor is refused with totp_not_enrolled (issue 46 point 6); `enrolFirst` is then true,
 * and the answer is asked again every few seconds until two-factor is on.
 */
export function useAdminAccess() {
  const access = useQuery({
    queryKey: ['admin-access'] as const,
    queryFn: ({ signal }) => apiClient.post<{ status: boolean }>('/admin/access', {}, { signal }),
    retry: false,
    staleTime: 60_000,
    refetchInterval: (query) => (enrolmentNeeded(query.state.error) ? 5_000 : false),
  });
  return { enrolFirst: enrolmentNeeded(access.error) };
}

function enrolmentNeeded(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'totp_not_enrolled';
}
